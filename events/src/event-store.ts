import type { Position } from './position';

/** 'any' skips the check; a number is the stream's version (its event count) before the append. */
export type ExpectedVersion = 'any' | 'no_stream' | 'exists' | number;

export interface EventMetadata {
  actorId?: string | null;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** ISO time of the command, from the command's metadata (deciders never read a clock). */
  time?: string;
  /** Schema version of `data`, set by the registry; readers upcast older versions. */
  schemaVersion?: number;
  /** How the event's Merkle leaf is written and its ids blinded (audit/merkle.ts, LEAF_FORMAT); 1 when absent. */
  leafFormat?: number;
  [key: string]: unknown;
}

export interface NewEvent {
  id: string;
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamId: string;
  /** 1-based position inside its stream. */
  streamPosition: number;
  position: Position;
  recordedAt: Date;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expected version. */
  nextVersion: number;
  /** Position of the last event appended (or of the original events on an idempotent retry). */
  position: Position;
}

export interface StreamRead {
  version: number;
  events: RecordedEvent[];
}

export interface ReadAllOptions {
  batchSize?: number;
  types?: readonly string[];
}

export interface SubscribeOptions {
  batchSize?: number;
  signal?: AbortSignal;
  /**
   * For a reader whose cost is mostly per batch (the Merkle log): after a batch that was everything
   * visible yet held at least `afterBatchOf` events (the store is busy), wait `ms` before reading
   * again, however soon more is announced, so events come in larger batches. Smaller batches (a
   * quiet store) are followed at once as usual. Without it every announcement is read at once.
   */
  gather?: SubscriptionGathering;
}

export interface SubscriptionGathering {
  afterBatchOf: number;
  ms: number;
}

/**
 * The events that decide who may take part in an open group (religion: every account; national: the
 * approved verifications; international: the subscriptions), indexed by type (event-store migrations).
 */
export const ELIGIBILITY_EVENT_TYPES = [
  'UserRegistered',
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationConfirmedByLeader',
  'VerificationRemoved',
  'SubscriptionRequested',
  'SubscriptionRequestFailed',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
] as const;
export type EligibilityEventType = (typeof ELIGIBILITY_EVENT_TYPES)[number];

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  readStream(streamId: string): Promise<StreamRead>;
  /** Events strictly after `fromExclusive`, in total order, never skipping one that commits later. */
  readAll(fromExclusive: Position, options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Every committed event of these types whose data names the topic (`data.topicId`), in total
   * order: a topic's whole record (its opinions and their votes) without waiting for a read model.
   */
  readTopicEvents(topicId: string, types: readonly string[]): Promise<RecordedEvent[]>;
  /** Every committed delegation event of the group, in total order: its delegation graph, for counts from the events. */
  readDelegationEvents(groupId: number): Promise<RecordedEvent[]>;
  /**
   * Every committed event of these ELIGIBILITY_EVENT_TYPES, in total order: who is registered, verified
   * or subscribed, so an open group's eligible weight is counted from the events (eligible-weight.ts).
   */
  readEligibilityEvents(types: ReadonlyArray<EligibilityEventType>): Promise<RecordedEvent[]>;
  /** How many accounts were registered (UserRegistered) by `at`, by the command's time (else when recorded): a religion group's eligible weight. */
  countAccountsRegisteredBy(at: string): Promise<number>;
  /** Several whole streams at once, each in stream order: the events of one stream are contiguous. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Catch-up then live; yields batches strictly after `fromExclusive`. */
  subscribeAll(fromExclusive: Position, options?: SubscribeOptions): AsyncIterable<RecordedEvent[]>;
  /** Position of the newest event readers can see now (START_POSITION when empty). */
  headPosition(): Promise<Position>;
  /**
   * Position of the newest committed event, even while an older transaction still runs (readers do
   * not see it yet): a projection at or past it has applied everything committed so far.
   */
  lastCommittedPosition(): Promise<Position>;
  close(): Promise<void>;
}
