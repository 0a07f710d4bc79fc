import { EventEmitter } from 'node:events';
import { START_POSITION, type EventRegistry, type EventStore, type Position, type RecordedEvent, type SubscriptionGathering } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '@civitas/service-kit';
import { asReadModels, isConnectionFailure, type DatabaseOutage } from '@civitas/service-kit/database';
import { READ_SCHEMA, publishChangeNotice, readCheckpoints } from '@civitas/service-kit/read-models';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import { parkEvents, type NewParkedEvent } from './parked-events';
import { ChangeSet, applyProjection, handlesType, type AnyReadModels, type ProjectedEvent, type Projection, type ProjectionInput } from './projection';
import { describeDecodeFailure, describeFailure, isParkable, type ProjectionFailure } from './projection-failure';

export interface RunnerOptions {
  store: EventStore;
  /** The platform's pool: the read schemas through `withSchema`, checkpoints and parked events. */
  db: Kysely<PlatformDatabase>;
  registry: EventRegistry;
  projections: readonly Projection[];
  schema?: string;
  batchSize?: number;
  /** Live: whether a busy store's events gather into larger batches (SubscribeOptions.gather). */
  gather?: SubscriptionGathering;
  log?: ProjectorLog;
  /** Told of connection failures instead of the log, so an outage is one line, not one per retry. */
  outage?: DatabaseOutage;
}

/** Part of the store a catch-up reads: only these types, only up to this position. */
export interface CatchUpRange {
  types?: readonly string[];
  until?: Position;
}

/** Another writer moved a checkpoint under us (a second projector, or a rebuild swap). */
class CheckpointMoved extends Error {}

/** Projections that failed for a reason that may pass (a lost connection, a deadlock): they retry; the others went on. */
export class ProjectionsHeldBack extends Error {
  constructor(readonly failures: ReadonlyArray<{ projection: string; error: ProjectionFailure }>) {
    super(`projections held back: ${failures.map((failure) => `${failure.projection} (${failure.error.code})`).join(', ')}`);
  }
}

export interface BatchCommitted {
  position: Position;
  projections: string[];
}

interface Work {
  projection: Projection;
  from: Position;
  /** The batch's events after `from`, in the form the projection takes (the other form left empty). */
  input: ProjectionInput;
}

const NONE: readonly never[] = [];
/** How many events a work item gives its projection. */
const eventCount = ({ projection, input }: Work) => (projection.input === 'stored' ? input.stored : input.decoded).length;

interface PreparedBatch {
  batch: readonly RecordedEvent[];
  decoded: Map<Position, ProjectedEvent>;
  undecodable: Map<Position, ProjectionFailure>;
  last: Position;
}

/** Upcasts and parses a stored event into what projections of decoded events see. */
export function decodeEvent(registry: EventRegistry, event: RecordedEvent): ProjectedEvent {
  const { type, data } = registry.decode(event);
  return { id: event.id, type, data, metadata: event.metadata, streamId: event.streamId, position: event.position, recordedAt: event.recordedAt };
}

export const parkedEntry = (projection: string, event: RecordedEvent, error: ProjectionFailure): NewParkedEvent => ({
  projection,
  position: event.position,
  eventId: event.id,
  eventType: event.type,
  streamId: event.streamId,
  error,
});

/**
 * Feeds events to named projections. One reader serves every projection; each batch is
 * applied and every checkpoint compare-and-set in one transaction, so delivery may repeat
 * but the effect happens exactly once.
 *
 * No single event can stop the projections: when a batch fails, it is applied again projection
 * by projection (a savepoint each), and a projection whose failure comes from an event's data
 * (projection-failure.ts) goes through the batch event by event; an event that still fails
 * twice is parked for that projection (recorded in the same transaction that moves its
 * checkpoint past it) while every other projection applies it. Transient failures park nothing:
 * the projection they hit holds and retries.
 */
export class ProjectionRunner extends EventEmitter<{ committed: [BatchCommitted] }> {
  readonly schema: string;
  private readonly batchSize: number;
  private readonly log: ProjectorLog;
  /** The event types some projection here takes decoded: no other event is decoded (a lane of stored-event projections decodes nothing). */
  private readonly decodedTypes: ReadonlySet<string>;
  private checkpoints = new Map<string, Position>();

  constructor(private readonly options: RunnerOptions) {
    super();
    this.schema = options.schema ?? READ_SCHEMA;
    this.batchSize = options.batchSize ?? 1000;
    this.log = options.log ?? silentLog;
    this.decodedTypes = new Set(options.projections.flatMap((projection) => (projection.input === 'stored' ? [] : [...projection.handles])));
  }

  get positions(): ReadonlyMap<string, Position> {
    return this.checkpoints;
  }

  async loadCheckpoints(db: Kysely<PlatformDatabase> = this.options.db): Promise<void> {
    const stored = await readCheckpoints(db, this.schema);
    this.checkpoints = new Map(this.options.projections.map((projection) => [projection.name, stored.get(projection.name) ?? START_POSITION]));
  }

  private lowestCheckpoint(): Position {
    let lowest: Position | null = null;
    for (const position of this.checkpoints.values()) if (lowest === null || position < lowest) lowest = position;
    return lowest ?? START_POSITION;
  }

  /**
   * Reads and applies until nothing is left; `db` may be an open transaction. Returns events read.
   * `range` narrows the read to some types, up to a position (a set-based rebuild's folded pass).
   */
  async catchUp(db: Kysely<PlatformDatabase> = this.options.db, range: CatchUpRange = {}): Promise<number> {
    const read = (from: Position) => this.options.store.readAll(from, { batchSize: this.batchSize, types: range.types });
    let total = 0;
    let next = read(this.lowestCheckpoint());
    for (;;) {
      const fetched = await next;
      const batch = range.until === undefined ? fetched : fetched.filter((event) => event.position <= range.until!);
      if (batch.length === 0) return total;
      // Read the following batch while this one is applied.
      next = batch.length < fetched.length ? Promise.resolve([]) : read(batch[batch.length - 1]!.position);
      await this.applyBatch(batch, db);
      total += batch.length;
    }
  }

  /** Live: follows the store until aborted, recovering from conflicts and failures. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.loadCheckpoints();
        for await (const batch of this.options.store.subscribeAll(this.lowestCheckpoint(), {
          signal,
          batchSize: this.batchSize,
          gather: this.options.gather,
        })) {
          await this.applyBatch(batch);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (!(error instanceof CheckpointMoved)) {
          if (this.options.outage?.noticed(error)) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
            continue;
          }
          // Described, never the raw error: PostgreSQL's messages and details may quote personal data.
          const failures = error instanceof ProjectionsHeldBack ? error.failures : [{ projection: '*', error: describeFailure(error) }];
          for (const failure of failures)
            this.log.error({ projection: failure.projection, code: failure.error.code, error: failure.error.message }, 'projection batch failed; retrying');
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
  }

  async applyBatch(batch: readonly RecordedEvent[], db: Kysely<PlatformDatabase> = this.options.db): Promise<void> {
    if (batch.length === 0) return;
    const prepared = this.prepare(batch);
    const work = this.workFor(prepared);
    if (work.length === 0) return;
    const parked = this.undecodableEntries(prepared, work);
    try {
      await inTransaction(db, (trx) => this.applyWhole(trx, prepared.last, work, parked));
    } catch (error) {
      // A lost database is no fault of the batch: projection by projection would only fail again.
      if (error instanceof CheckpointMoved || isConnectionFailure(error)) throw error;
      this.log.warn({ code: describeFailure(error).code }, 'projection batch failed; applying it projection by projection');
      await this.applyProjectionByProjection(prepared, work, db);
      return;
    }
    this.committed(prepared.last, work, parked);
  }

  private prepare(batch: readonly RecordedEvent[]): PreparedBatch {
    const decoded = new Map<Position, ProjectedEvent>();
    const undecodable = new Map<Position, ProjectionFailure>();
    for (const event of batch) {
      if (!this.decodedTypes.has(event.type)) continue;
      try {
        decoded.set(event.position, decodeEvent(this.options.registry, event));
      } catch (error) {
        undecodable.set(event.position, describeDecodeFailure(error));
      }
    }
    return { batch, decoded, undecodable, last: batch[batch.length - 1]!.position };
  }

  private workFor(prepared: PreparedBatch): Work[] {
    const events = [...prepared.decoded.values()];
    return this.options.projections
      .map((projection) => {
        const from = this.checkpoints.get(projection.name)!;
        const input =
          projection.input === 'stored'
            ? { decoded: NONE, stored: prepared.batch.filter((event) => event.position > from) }
            : { decoded: events.filter((event) => event.position > from), stored: NONE };
        return { projection, from, input };
      })
      .filter((item) => item.from < prepared.last);
  }

  /** The fast path: the whole batch for every projection in one transaction, no savepoints. */
  private async applyWhole(trx: Kysely<PlatformDatabase>, last: Position, work: readonly Work[], parked: readonly NewParkedEvent[]): Promise<void> {
    // Losing an unflushed commit in a server crash only rolls back data and checkpoint together.
    await sql`set local synchronous_commit = off`.execute(trx);
    const changes = new ChangeSet();
    for (const item of work) {
      if (eventCount(item) > 0) await applyProjection(item.projection, asReadModels<AnyReadModels>(trx), this.schema, item.input, changes);
    }
    // The compare-and-set comes last: a transaction holds back what every reader of the store sees
    // from its first write on, so a projection that reads and computes before writing (merkle_log
    // hashes its leaves) holds them back only while it writes.
    const moved = await sql`
      update ${sql.id(this.schema, 'projection_checkpoints')} c set position = ${last}
      from unnest(${work.map((item) => item.projection.name)}::text[], ${work.map((item) => item.from)}::text[]) as x(name, expected)
      where c.name = x.name and c.position = x.expected`.execute(trx);
    if (Number(moved.numAffectedRows) !== work.length) throw new CheckpointMoved();
    await parkEvents(trx, this.schema, parked);
    await this.notify(trx, last, work, changes);
  }

  /**
   * The careful path: each projection in a savepoint of its own. Those that apply commit; those
   * an event's data broke go through the batch event by event; the others hold and retry.
   */
  private async applyProjectionByProjection(prepared: PreparedBatch, work: readonly Work[], db: Kysely<PlatformDatabase>): Promise<void> {
    const applied: Work[] = [];
    const isolate: Work[] = [];
    const held: Array<{ projection: string; error: ProjectionFailure }> = [];
    let parked: NewParkedEvent[] = [];
    await inTransaction(db, async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      await this.lockCheckpoints(
        trx,
        work.map((item) => [item.projection.name, item.from]),
      );
      const changes = new ChangeSet();
      for (const item of work) {
        const error = eventCount(item) > 0 ? await this.attempt(trx, item.projection, item.input, changes) : null;
        if (error === null) applied.push(item);
        else if (isParkable(error)) isolate.push(item);
        else held.push({ projection: item.projection.name, error: describeFailure(error) });
      }
      await this.setCheckpoints(trx, applied, prepared.last);
      parked = this.undecodableEntries(prepared, applied);
      await parkEvents(trx, this.schema, parked);
      await this.notify(trx, prepared.last, applied, changes);
    });
    if (applied.length > 0) this.committed(prepared.last, applied, parked);
    if (isolate.length > 0) held.push(...(await this.applyEventByEvent(prepared, isolate, db)));
    if (held.length > 0) throw new ProjectionsHeldBack(held);
  }

  /** Finds and parks the events a projection cannot apply: one transaction per event, the apply tried twice. */
  private async applyEventByEvent(
    prepared: PreparedBatch,
    isolate: readonly Work[],
    db: Kysely<PlatformDatabase>,
  ): Promise<Array<{ projection: string; error: ProjectionFailure }>> {
    const held = new Map<string, ProjectionFailure>();
    for (const event of prepared.batch) {
      const due = isolate.filter((item) => !held.has(item.projection.name) && this.checkpoints.get(item.projection.name)! < event.position);
      if (due.length === 0) continue;
      const moved: Work[] = [];
      const parked: NewParkedEvent[] = [];
      await inTransaction(db, async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        await this.lockCheckpoints(
          trx,
          due.map((item) => [item.projection.name, this.checkpoints.get(item.projection.name)!]),
        );
        const changes = new ChangeSet();
        const decoded = prepared.decoded.get(event.position);
        const input: ProjectionInput = { decoded: decoded ? [decoded] : NONE, stored: [event] };
        for (const item of due) {
          if (!handlesType(item.projection, event.type)) {
            moved.push(item);
            continue;
          }
          const stored = item.projection.input === 'stored';
          let failure = stored ? null : (prepared.undecodable.get(event.position) ?? null);
          if (stored || decoded) {
            // Once more before parking: only a failure that repeats on the same event parks it.
            let error = await this.attempt(trx, item.projection, input, changes);
            if (error !== null && isParkable(error)) error = await this.attempt(trx, item.projection, input, changes);
            if (error !== null && !isParkable(error)) {
              held.set(item.projection.name, describeFailure(error));
              continue;
            }
            if (error !== null) failure = describeFailure(error);
          }
          if (failure) parked.push(parkedEntry(item.projection.name, event, failure));
          moved.push(item);
        }
        await this.setCheckpoints(trx, moved, event.position);
        await parkEvents(trx, this.schema, parked);
        await this.notify(trx, event.position, moved, changes);
      });
      if (moved.length > 0) this.committed(event.position, moved, parked);
    }
    return [...held].map(([projection, error]) => ({ projection, error }));
  }

  /** Applies in a savepoint; returns the error (its effects rolled back) instead of throwing it. */
  private async attempt(trx: Kysely<PlatformDatabase>, projection: Projection, input: ProjectionInput, changes: ChangeSet): Promise<unknown> {
    const own = new ChangeSet();
    try {
      await withSavepoint(trx, 'projection_attempt', () => applyProjection(projection, asReadModels<AnyReadModels>(trx), this.schema, input, own));
    } catch (error) {
      return error;
    }
    for (const [model, ids] of own.changes) for (const id of ids) changes.add(model, id);
    return null;
  }

  /** The compare half of the compare-and-set, holding the rows until commit. */
  private async lockCheckpoints(trx: Kysely<PlatformDatabase>, expected: ReadonlyArray<readonly [string, Position]>): Promise<void> {
    const result = await sql<{ name: string; position: string }>`
      select name, position from ${sql.id(this.schema, 'projection_checkpoints')}
      where name = any(${expected.map(([name]) => name)}::text[]) for update`.execute(trx);
    const stored = new Map(result.rows.map((row) => [row.name, row.position]));
    if (expected.some(([name, position]) => stored.get(name) !== position)) throw new CheckpointMoved();
  }

  private async setCheckpoints(trx: Kysely<PlatformDatabase>, work: readonly Work[], position: Position): Promise<void> {
    if (work.length === 0) return;
    await sql`update ${sql.id(this.schema, 'projection_checkpoints')} set position = ${position}
      where name = any(${work.map((item) => item.projection.name)}::text[])`.execute(trx);
  }

  private async notify(trx: Kysely<PlatformDatabase>, position: Position, work: readonly Work[], changes: ChangeSet): Promise<void> {
    // Only the live read models announce progress: a rebuild's scratch schema is not what queries read.
    if (this.schema !== READ_SCHEMA || work.length === 0) return;
    const names = work.map((item) => item.projection.name);
    await publishChangeNotice(trx, position, names, changes);
  }

  /** Undecodable events are parked for every projection of decoded events that handles their type and had not reached them. */
  private undecodableEntries(prepared: PreparedBatch, work: readonly Work[]): NewParkedEvent[] {
    if (prepared.undecodable.size === 0) return [];
    return prepared.batch.flatMap((event) => {
      const failure = prepared.undecodable.get(event.position);
      if (!failure) return [];
      return work
        .filter((item) => item.projection.input !== 'stored' && item.projection.handles.has(event.type) && item.from < event.position)
        .map((item) => parkedEntry(item.projection.name, event, failure));
    });
  }

  private committed(position: Position, work: readonly Work[], parked: readonly NewParkedEvent[]): void {
    for (const item of work) this.checkpoints.set(item.projection.name, position);
    // One line per parked event: where and why, never the data.
    for (const entry of parked) {
      this.log.warn(
        { projection: entry.projection, position: entry.position, type: entry.eventType, code: entry.error.code },
        'event parked: the projection moved on past it',
      );
    }
    this.emit('committed', { position, projections: work.map((item) => item.projection.name) });
  }
}

/** A transaction of its own, or a savepoint when `db` already is one (a rebuild's swap). */
async function inTransaction(db: Kysely<PlatformDatabase>, work: (trx: Kysely<PlatformDatabase>) => Promise<void>): Promise<void> {
  if (db.isTransaction) await withSavepoint(db, 'projection_batch', () => work(db));
  else await db.transaction().execute(work);
}

async function withSavepoint(trx: Kysely<PlatformDatabase>, name: string, work: () => Promise<void>): Promise<void> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    await work();
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    throw error;
  }
  await sql`release savepoint ${sql.id(name)}`.execute(trx);
}
