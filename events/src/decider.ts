import { v5 as uuidv5 } from 'uuid';
import { IdempotencyKeyReusedError, WrongExpectedVersionError } from './errors';
import type { EventMetadata, EventStore } from './event-store';
import type { Position } from './position';
import type { DomainEvent, EventRegistry } from './registry';
import { LEAF_FORMAT } from './audit/merkle';
import { LruMap } from './lru-map';

/** Pure decision logic: no clock, no database; time, ids and the actor come in the command. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** A decider's fold alone: what a stream's events amount to, for rules that read a stream (several features share these). */
export type View<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>;

export interface CommandContext {
  /** Idempotency key: the same commandId always produces the same event ids. */
  commandId: string;
  actorId: string | null;
  correlationId?: string;
  causationId?: string;
  /** ISO time the command was issued. */
  time: string;
  /**
   * A digest of what the request asked for (an Idempotency-Key's request): a repeat of the
   * commandId with another digest is refused instead of answered with the first command's events.
   */
  requestDigest?: string;
}

export interface CommandResult<Event extends DomainEvent, State = unknown> {
  events: Event[];
  /** The stream's state after the command, so callers need not read the stream again. */
  state: State;
  nextVersion: number;
  /** Position of the last event appended, or null when the command changed nothing. */
  position: Position | null;
  /** True when this command id had already been applied: its earlier events are answered again, nothing is appended. */
  replayed: boolean;
  /** ISO time of the command that decided these events: the first one's when replayed. */
  time: string;
  /** The last event this command appended, exactly as stored (absent when nothing was appended now): its Merkle leaf for a receipt. */
  lastAppended?: AppendedEvent;
}

/** An event as the store keeps it, where it landed. */
export interface AppendedEvent {
  id: string;
  streamId: string;
  streamPosition: number;
  position: Position;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const EVENT_ID_NAMESPACE = '1b6f5a3e-4f0c-4d4e-9c55-5a1f4cc2b7e1';

/** Deterministic event ids make a retried command an idempotent append. */
export function eventIdFor(commandId: string, index: number): string {
  return uuidv5(`${commandId}:${index}`, EVENT_ID_NAMESPACE);
}

const CREATED_ID_NAMESPACE = '6d1f0c8e-3b7a-4f45-9a2e-2c9d4b1e7a53';

/** The id of what a command with a fixed commandId creates (`what` tells several apart), so its repeat names the same thing. */
export function createdIdFor(commandId: string, what = ''): string {
  return uuidv5(`${commandId}:${what}`, CREATED_ID_NAMESPACE);
}

export function fold<Event extends DomainEvent, State>(decider: View<Event, State>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** A command already applied to a stream: what it appended, when, and for what request. */
export interface AppliedCommand<Event extends DomainEvent> {
  events: Event[];
  position: Position;
  time: string;
  requestDigest?: string;
}

/** What a stream's events amount to, kept between commands so a hot stream need not be read again. */
export interface StreamSnapshot<Event extends DomainEvent, State> {
  version: number;
  state: State;
  /** The commands already applied to the stream, with what they appended. */
  commands: ReadonlyMap<string, AppliedCommand<Event>>;
}

/** Where handleCommand keeps snapshots; keyed by stream and by the decider that folded it. */
export interface SnapshotCache {
  get(streamId: string, decider: object): StreamSnapshot<any, any> | undefined;
  set(streamId: string, decider: object, snapshot: StreamSnapshot<any, any>): void;
  delete(streamId: string, decider: object): void;
}

async function readSnapshot<Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): Promise<StreamSnapshot<Event, State>> {
  const stream = await store.readStream(streamId);
  const commands = new Map<string, AppliedCommand<Event>>();
  let state = decider.initialState();
  for (const recorded of stream.events) {
    const event = registry.decode(recorded) as Event;
    state = decider.evolve(state, event);
    const { commandId, time, requestDigest } = recorded.metadata;
    if (!commandId) continue;
    const events = [...(commands.get(commandId)?.events ?? []), event];
    commands.set(commandId, { events, position: recorded.position, time: time ?? '', ...(typeof requestDigest === 'string' ? { requestDigest } : {}) });
  }
  return { version: stream.version, state, commands };
}

/**
 * Reads the stream, folds it, decides and appends with the expected version; a version
 * conflict means someone else wrote first, so it decides again on the fresh state.
 *
 * With a snapshot cache, a stream this process wrote last is not read again: the append's
 * expected version proves the snapshot current, and a conflict reads the stream afresh. A
 * refusal or a no-op is only ever answered on state read from the store, since a snapshot may
 * miss what another process wrote.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  registry: EventRegistry,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: { maxAttempts?: number; snapshots?: SnapshotCache } = {},
): Promise<CommandResult<Event, State>> {
  const maxAttempts = options.maxAttempts ?? 5;
  const cache = options.snapshots;
  let snapshot = cache?.get(streamId, decider) as StreamSnapshot<Event, State> | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const cached = snapshot !== undefined;
    const current = snapshot ?? (await readSnapshot(store, registry, streamId, decider));
    snapshot = undefined;
    // A command is applied once: a repeat (a retried request, the same Idempotency-Key) gets the first answer,
    // unless the key came with another request (docs/decisions.md, Idempotency-Key).
    const earlier = current.commands.get(context.commandId);
    if (earlier) {
      // Commands stored before digests were kept carry none: their repeats are answered as before.
      if (context.requestDigest !== undefined && earlier.requestDigest !== undefined && earlier.requestDigest !== context.requestDigest)
        throw new IdempotencyKeyReusedError();
      return { events: earlier.events, state: current.state, nextVersion: current.version, position: earlier.position, replayed: true, time: earlier.time };
    }
    let events: Event[];
    try {
      events = decider.decide(command, current.state);
    } catch (error) {
      if (cached) continue;
      throw error;
    }
    if (events.length === 0) {
      if (cached) continue;
      cache?.set(streamId, decider, current);
      return { events, state: current.state, nextVersion: current.version, position: null, replayed: false, time: context.time };
    }
    const metadata: EventMetadata = {
      actorId: context.actorId,
      commandId: context.commandId,
      correlationId: context.correlationId ?? context.commandId,
      causationId: context.causationId ?? context.commandId,
      time: context.time,
      // How the event's Merkle leaf is written (audit/merkle.ts, LEAF_FORMAT): every event appended now takes the newest.
      leafFormat: LEAF_FORMAT,
      ...(context.requestDigest !== undefined ? { requestDigest: context.requestDigest } : {}),
    };
    const newEvents = events.map((event, index) => {
      const prepared = registry.prepare(event);
      return {
        id: eventIdFor(context.commandId, index),
        type: event.type,
        data: prepared.data,
        metadata: { ...metadata, schemaVersion: prepared.schemaVersion },
      };
    });
    try {
      const result = await store.append(streamId, newEvents, current.version === 0 ? 'no_stream' : current.version);
      const state = events.reduce(decider.evolve, current.state);
      // The snapshot belongs to the cache alone (callers queue commands per stream), so it grows in place.
      (current.commands as Map<string, AppliedCommand<Event>>).set(context.commandId, {
        events,
        position: result.position,
        time: context.time,
        ...(context.requestDigest !== undefined ? { requestDigest: context.requestDigest } : {}),
      });
      cache?.set(streamId, decider, { version: result.nextVersion, state, commands: current.commands });
      const last = newEvents[newEvents.length - 1]!;
      const lastAppended = { ...last, streamId, streamPosition: result.nextVersion, position: result.position };
      return { events, state, ...result, replayed: false, time: context.time, lastAppended };
    } catch (error) {
      cache?.delete(streamId, decider);
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
    }
  }
}

/** A snapshot cache that keeps the most recently used streams, up to a bound. */
export class BoundedSnapshotCache implements SnapshotCache {
  private readonly snapshots: LruMap<string, StreamSnapshot<any, any>>;
  private readonly deciderIds = new WeakMap<object, number>();
  private nextDeciderId = 0;

  constructor(maxStreams = 20_000) {
    this.snapshots = new LruMap(maxStreams);
  }

  get(streamId: string, decider: object) {
    return this.snapshots.get(this.key(streamId, decider));
  }

  set(streamId: string, decider: object, snapshot: StreamSnapshot<any, any>) {
    this.snapshots.set(this.key(streamId, decider), snapshot);
  }

  delete(streamId: string, decider: object) {
    this.snapshots.delete(this.key(streamId, decider));
  }

  private key(streamId: string, decider: object): string {
    let id = this.deciderIds.get(decider);
    if (id === undefined) this.deciderIds.set(decider, (id = this.nextDeciderId++));
    return `${id}\u0000${streamId}`;
  }
}
