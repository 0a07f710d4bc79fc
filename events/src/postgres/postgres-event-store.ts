import pg from 'pg';
import { WrongExpectedVersionError } from '../errors';
import {
  ELIGIBILITY_EVENT_TYPES,
  type AppendResult,
  type EligibilityEventType,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamRead,
  type SubscribeOptions,
} from '../event-store';
import { START_POSITION, decodePosition, encodePosition, type Position } from '../position';
import { appendBatch, type AppendRequest } from './append-batch';
import { AppendSignal } from './append-signal';
import { DATABASE_CONNECT_TIMEOUT_MS } from './connect-timeout';
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './event-store.migrations';
import { GroupCommit, type GroupCommitOptions, type Queued } from './group-commit';
import { RecentEvents } from './recent-events';

/** Events per read when a caller names no batch size. */
const DEFAULT_BATCH_SIZE = 1000;
/** Enough for a lane that gathers for a quarter second behind another at 20k events/s. */
const DEFAULT_RECENT_EVENTS = 10_000;
const EXPECTED_CODES = { any: -1, no_stream: -2, exists: -3 } as const;
const EXPECTED_NAMES = new Map<number, string>(Object.entries(EXPECTED_CODES).map(([name, code]) => [code, name]));
/**
 * One write out at a time; what arrives meanwhile goes in the next batch, and 8 events queued go at
 * once on another connection. Measured (bench/appends): with two batches out the writers split into a
 * lone append and the rest, at twice Node's CPU per event; batching single-event appends halves the
 * CPU per event (their cost is per statement), while a 10-event append already amortises its
 * statement and loses by waiting, so an append of 8 or more events goes at once, alone.
 */
const GROUP_COMMIT_DEFAULTS = { maxInFlight: 1, maxWaitMs: 2, maxBatchEvents: 8 };

export interface PostgresEventStoreOptions {
  connectionString: string;
  poolSize?: number;
  /** Fallback wake-up for live readers when no signal arrives. */
  pollIntervalMs?: number;
  /** Group commit of concurrent appends (on by default); false writes every append on its own. */
  groupCommit?: Partial<Omit<GroupCommitOptions, 'maxInFlightHard'>> | false;
  /** How many of the newest events read are kept for this process's other readers (RecentEvents); 0 keeps none. */
  recentEvents?: number;
}

interface EventRow {
  tx: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

const EVENT_COLUMNS = `transaction_id::text as tx, global_position, stream_id, stream_position, event_id, type, data, metadata, recorded_at`;

// Only transactions older than every running one are final: a reader that trusts
// global_position alone would skip events whose transactions commit out of order.
const READ_ALL_SQL = `select ${EVENT_COLUMNS} from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by transaction_id, global_position limit $3`;

const READ_ALL_TYPES_SQL = `select ${EVENT_COLUMNS} from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    and type = any($4::text[])
  order by transaction_id, global_position limit $3`;

// Served by the partial index on data->>'topicId' (event-store migrations). No snapshot rule here:
// the caller wants everything committed, and keeps no checkpoint that a late commit could pass.
const READ_TOPIC_SQL = `select ${EVENT_COLUMNS} from events
  where data->>'topicId' = $1 and type = any($2::text[])
  order by transaction_id, global_position`;

// Served by the partial index on data->>'groupId' for delegation events (event-store migrations):
// the types are literals so the planner can prove the index's predicate.
const READ_DELEGATIONS_SQL = `select ${EVENT_COLUMNS} from events
  where data->>'groupId' = $1 and type in ('DelegationAssigned', 'DelegationRevoked')
  order by transaction_id, global_position`;

// Served by the partial index on type for these types (event-store migrations); literals again, so the
// planner proves its predicate. The list is ELIGIBILITY_EVENT_TYPES (event-store.ts).
const ELIGIBILITY_TYPES_SQL = ELIGIBILITY_EVENT_TYPES.map((type) => `'${type}'`).join(', ');
const READ_ELIGIBILITY_SQL = `select ${EVENT_COLUMNS} from events
  where type in (${ELIGIBILITY_TYPES_SQL}) and type = any($1::text[])
  order by transaction_id, global_position`;

// A religion group's eligible weight: every account registered by $1, counted where the rows are
// (one number, not every registration). The time is eventTime's: the command's, else when recorded.
const COUNT_ACCOUNTS_SQL = `select count(distinct data->>'userId')::int as count from events
  where type in (${ELIGIBILITY_TYPES_SQL}) and type = 'UserRegistered'
    and coalesce(metadata->>'time', to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) <= $1`;

const READ_STREAMS_SQL = `select ${EVENT_COLUMNS} from events
  where stream_id = any($1::text[])
  order by stream_id, stream_position`;

// The common appends in one statement (no procedural code): a new stream, 'any', or an exact
// version / 'exists'. Zero rows or a duplicate event id means a conflict or a retry, which the
// full civitas_append_events function then sorts out (idempotent success or a precise error).
const INSERT_EVENTS = `insert into events (stream_id, stream_position, event_id, type, data, metadata)
  select $1, s.before + x.ord, x.id, x.t, x.d::jsonb, x.m::jsonb
  from s, unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) with ordinality as x(id, t, d, m, ord)
  returning transaction_id::text as tx, global_position, stream_position`;

const APPEND_NEW_OR_ANY_SQL = `with s as (
    insert into streams as s (stream_id, version) values ($1, cardinality($3::uuid[]))
    on conflict (stream_id) do update set version = s.version + cardinality($3::uuid[]) where $2::bigint = -1
    returning s.version - cardinality($3::uuid[]) as before)
  ${INSERT_EVENTS}`;

const APPEND_EXISTING_SQL = `with s as (
    update streams set version = version + cardinality($3::uuid[])
    where stream_id = $1 and ($2::bigint = -3 or version = $2::bigint)
    returning version - cardinality($3::uuid[]) as before)
  ${INSERT_EVENTS}`;

const UNIQUE_VIOLATION = '23505';

const LAST_COMMITTED_SQL = `select transaction_id::text as tx, global_position from events
  order by transaction_id desc, global_position desc limit 1`;

const HEAD_SQL = `select transaction_id::text as tx, global_position from events
  where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by transaction_id desc, global_position desc limit 1`;

const NTH_AFTER_SQL = `select transaction_id::text as tx, global_position from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint) and (transaction_id, global_position) <= ($3::xid8, $4::bigint)
  order by transaction_id, global_position offset $5 limit 1`;

export class PostgresEventStore implements EventStore {
  readonly pool: pg.Pool;
  private readonly signal: AppendSignal;
  private readonly pollIntervalMs: number;
  private readonly commits: GroupCommit<AppendRequest, AppendResult> | null;
  private readonly recent: RecentEvents;

  constructor(options: PostgresEventStoreOptions) {
    const connection: pg.ClientConfig = {
      connectionString: options.connectionString,
      // One stuck transaction would stall every reader (see the snapshot rule above).
      idle_in_transaction_session_timeout: 30_000,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    };
    this.pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, application_name: 'civitas-event-store' });
    this.pool.on('error', () => undefined); // idle client errors surface on the next query
    // A connection that dies while checked out fails its query; it must not crash the process.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.signal = new AppendSignal(this.pool, connection);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.recent = new RecentEvents(options.recentEvents ?? DEFAULT_RECENT_EVENTS);
    // Batches never take the pool's last connection: readers keep one.
    const maxInFlightHard = Math.max(1, (options.poolSize ?? 10) - 1);
    this.commits =
      options.groupCommit === false
        ? null
        : new GroupCommit(
            { batch: (batch) => this.writeBatch(batch), alone: (request) => this.appendAloneAndSignal(request) },
            { ...GROUP_COMMIT_DEFAULTS, ...options.groupCommit, maxInFlightHard },
          );
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('append needs at least one event');
    const expectedCode = typeof expected === 'number' ? expected : EXPECTED_CODES[expected];
    if (!Number.isSafeInteger(expectedCode) || expectedCode < -3) throw new TypeError(`bad expected version ${expected}`);
    const request: AppendRequest = {
      streamId,
      expectedCode,
      ids: events.map((event) => event.id),
      types: events.map((event) => event.type),
      data: events.map((event) => JSON.stringify(event.data ?? null)),
      metadata: events.map((event) => JSON.stringify(event.metadata ?? {})),
    };
    return this.commits ? this.commits.submit(streamId, events.length, request) : this.appendAloneAndSignal(request);
  }

  private async appendAloneAndSignal(request: AppendRequest): Promise<AppendResult> {
    const result = await this.appendAlone(request);
    this.signal.appended(result.position);
    return result;
  }

  /**
   * Settles every append of a batch with its own outcome, and wakes readers once for what landed.
   * What did not land (a conflict or a retry) is settled by the single path afterwards, as before,
   * without holding up the appends that did.
   */
  private async writeBatch(batch: ReadonlyArray<Queued<AppendRequest, AppendResult>>): Promise<void> {
    // Alone, an append takes the same path as without group commit: one writer is as fast as before.
    if (batch.length === 1) return this.settleAlone(batch[0]!);
    const landed = await this.appendTogether(batch.map((entry) => entry.item));
    let highest: Position | null = null;
    for (const { position } of landed.values()) if (highest === null || position > highest) highest = position;
    if (highest !== null) this.signal.appended(highest);
    for (const entry of batch) {
      const result = landed.get(entry.item.streamId);
      if (result) entry.resolve(result);
      else void this.settleAlone(entry);
    }
  }

  private async appendTogether(requests: readonly AppendRequest[]): Promise<Map<string, AppendResult>> {
    try {
      return await appendBatch(this.pool, requests);
    } catch {
      // The whole statement failed and wrote nothing (a retry racing its original, a value one
      // event's column refuses): each append alone finds its own outcome.
      return new Map();
    }
  }

  private async settleAlone(entry: Queued<AppendRequest, AppendResult>): Promise<void> {
    try {
      entry.resolve(await this.appendAloneAndSignal(entry.item));
    } catch (error) {
      entry.reject(error);
    }
  }

  private async appendAlone(request: AppendRequest): Promise<AppendResult> {
    const values = [request.streamId, request.expectedCode, request.ids, request.types, request.data, request.metadata];
    return (
      (await this.appendInOneStatement(request.expectedCode, values)) ?? (await this.appendThroughFunction(request.streamId, request.expectedCode, values))
    );
  }

  private async appendInOneStatement(expectedCode: number, values: unknown[]): Promise<AppendResult | null> {
    const newOrAny = expectedCode === -1 || expectedCode === -2 || expectedCode === 0;
    try {
      const result = await this.pool.query<{ tx: string; global_position: string; stream_position: string }>({
        name: newOrAny ? 'civitas_append_new_or_any' : 'civitas_append_existing',
        text: newOrAny ? APPEND_NEW_OR_ANY_SQL : APPEND_EXISTING_SQL,
        values: newOrAny && expectedCode === 0 ? [values[0], -2, ...values.slice(2)] : values,
      });
      if (result.rows.length === 0) return null;
      let last = result.rows[0]!;
      for (const row of result.rows) if (BigInt(row.global_position) > BigInt(last.global_position)) last = row;
      const nextVersion = Math.max(...result.rows.map((row) => Number(row.stream_position)));
      return { nextVersion, position: encodePosition(last.tx, last.global_position) };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  private async appendThroughFunction(streamId: string, expectedCode: number, values: unknown[]): Promise<AppendResult> {
    try {
      const result = await this.pool.query<{ next_version: string; last_transaction_id: string; last_global_position: string }>({
        name: 'civitas_append_events',
        text: 'select next_version, last_transaction_id::text, last_global_position from civitas_append_events($1, $2, $3, $4, $5, $6)',
        values,
      });
      const row = result.rows[0]!;
      return { nextVersion: Number(row.next_version), position: encodePosition(row.last_transaction_id, row.last_global_position) };
    } catch (error) {
      if ((error as { code?: string }).code === WRONG_EXPECTED_VERSION_SQLSTATE) {
        const expected = EXPECTED_NAMES.get(expectedCode) ?? String(expectedCode);
        throw new WrongExpectedVersionError(streamId, expected, (error as { detail?: string }).detail ?? 'unknown');
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<StreamRead> {
    const result = await this.pool.query<EventRow>({
      name: 'civitas_read_stream',
      text: `select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_position`,
      values: [streamId],
    });
    const events = result.rows.map(toRecordedEvent);
    return { version: events.length === 0 ? 0 : events[events.length - 1]!.streamPosition, events };
  }

  async readAll(fromExclusive: Position, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (options.types) {
      const { major, minor } = decodePosition(fromExclusive);
      const result = await this.pool.query<EventRow>({
        name: 'civitas_read_all_types',
        text: READ_ALL_TYPES_SQL,
        values: [major.toString(), minor.toString(), batchSize, options.types],
      });
      return result.rows.map(toRecordedEvent);
    }
    // Another reader here may have read these already: only what it has not is read again.
    const held = this.recent.after(fromExclusive, batchSize);
    if (held === null) return this.readAllFromServer(fromExclusive, batchSize);
    if (held.length === batchSize) return held;
    return [...held, ...(await this.readAllFromServer(held[held.length - 1]!.position, batchSize - held.length))];
  }

  private async readAllFromServer(fromExclusive: Position, batchSize: number): Promise<RecordedEvent[]> {
    const { major, minor } = decodePosition(fromExclusive);
    const result = await this.pool.query<EventRow>({ name: 'civitas_read_all', text: READ_ALL_SQL, values: [major.toString(), minor.toString(), batchSize] });
    const events = result.rows.map(toRecordedEvent);
    this.recent.record(fromExclusive, events);
    return events;
  }

  async readTopicEvents(topicId: string, types: readonly string[]): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>({ name: 'civitas_read_topic', text: READ_TOPIC_SQL, values: [topicId, types] });
    return result.rows.map(toRecordedEvent);
  }

  async readDelegationEvents(groupId: number): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>({ name: 'civitas_read_delegations', text: READ_DELEGATIONS_SQL, values: [String(groupId)] });
    return result.rows.map(toRecordedEvent);
  }

  async readEligibilityEvents(types: ReadonlyArray<EligibilityEventType>): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>({ name: 'civitas_read_eligibility', text: READ_ELIGIBILITY_SQL, values: [types] });
    return result.rows.map(toRecordedEvent);
  }

  async countAccountsRegisteredBy(at: string): Promise<number> {
    const result = await this.pool.query<{ count: number }>({ name: 'civitas_count_accounts', text: COUNT_ACCOUNTS_SQL, values: [at] });
    return result.rows[0]!.count;
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return streams;
    const result = await this.pool.query<EventRow>({ name: 'civitas_read_streams', text: READ_STREAMS_SQL, values: [[...new Set(streamIds)]] });
    for (const event of result.rows.map(toRecordedEvent)) streams.get(event.streamId)?.push(event);
    return streams;
  }

  async lastCommittedPosition(): Promise<Position> {
    const result = await this.pool.query<{ tx: string; global_position: string }>(LAST_COMMITTED_SQL);
    const row = result.rows[0];
    return row ? encodePosition(row.tx, row.global_position) : START_POSITION;
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ tx: string; global_position: string }>(HEAD_SQL);
    const row = result.rows[0];
    return row ? encodePosition(row.tx, row.global_position) : START_POSITION;
  }

  /** The position `count` events after `from` (of any type), or `through` if that comes first: where a slice of the log ends. */
  async positionAfter(from: Position, count: number, through: Position): Promise<Position> {
    const [start, end] = [decodePosition(from), decodePosition(through)];
    const result = await this.pool.query<{ tx: string; global_position: string }>(NTH_AFTER_SQL, [
      start.major.toString(),
      start.minor.toString(),
      end.major.toString(),
      end.minor.toString(),
      count - 1,
    ]);
    const row = result.rows[0];
    return row ? encodePosition(row.tx, row.global_position) : through;
  }

  async *subscribeAll(fromExclusive: Position, options: SubscribeOptions = {}): AsyncGenerator<RecordedEvent[]> {
    let position = fromExclusive;
    let changed = true;
    // While gathering, announcements are noted but do not cut the pause short; an abort always does.
    let gathering = false;
    let wake: (() => void) | null = null;
    const onChange = () => {
      changed = true;
      if (!gathering) wake?.();
    };
    const unsubscribe = this.signal.onChange(onChange);
    const onAbort = () => wake?.();
    options.signal?.addEventListener('abort', onAbort);
    const pause = (delay: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => {
        wake = null;
        gathering = false;
      });
    try {
      await this.signal.listen().catch(() => undefined); // polling still works without it
      const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
      while (!options.signal?.aborted) {
        changed = false;
        const batch = await this.readAll(position, { batchSize });
        if (batch.length > 0) {
          position = batch[batch.length - 1]!.position;
          yield batch;
          // A short batch was everything visible: read again only when told of more, not at once.
          if (batch.length >= batchSize) continue;
          if (options.gather && batch.length >= options.gather.afterBatchOf) {
            gathering = true;
            await pause(options.gather.ms);
            continue;
          }
        }
        if (changed) continue;
        // A committed append we were told of may still be hidden behind an older open
        // transaction: look again soon rather than waiting for the poll.
        const known = this.signal.highestKnown;
        await pause(known !== null && known > position ? 5 : this.pollIntervalMs);
      }
    } finally {
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    await this.commits?.drained();
    await this.signal.close();
    await this.pool.end();
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    position: encodePosition(row.tx, row.global_position),
    recordedAt: row.recorded_at,
  };
}
