import { EventEmitter } from 'node:events';
import { START_POSITION, type EventRegistry, type EventStore, type Position, type RecordedEvent } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { encodeChangeNotice } from './change-notice';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import { ChangeSet, type ProjectedEvent, type Projection } from './projection';
import { READ_MODELS_CHANNEL, READ_SCHEMA, readCheckpoints } from './read-schema';

export interface RunnerOptions {
  store: EventStore;
  db: Kysely<any>;
  registry: EventRegistry;
  projections: readonly Projection[];
  schema?: string;
  batchSize?: number;
  log?: ProjectorLog;
}

/** Another writer moved a checkpoint under us (a second projector, or a rebuild swap). */
class CheckpointMoved extends Error {}

export interface BatchCommitted {
  position: Position;
  projections: string[];
}

/**
 * Feeds events to named projections. One reader serves every projection; each batch is
 * applied and every checkpoint compare-and-set in one transaction, so delivery may repeat
 * but the effect happens exactly once.
 */
export class ProjectionRunner extends EventEmitter<{ committed: [BatchCommitted] }> {
  readonly schema: string;
  private readonly batchSize: number;
  private readonly log: ProjectorLog;
  private checkpoints = new Map<string, Position>();

  constructor(private readonly options: RunnerOptions) {
    super();
    this.schema = options.schema ?? READ_SCHEMA;
    this.batchSize = options.batchSize ?? 1000;
    this.log = options.log ?? silentLog;
  }

  get positions(): ReadonlyMap<string, Position> {
    return this.checkpoints;
  }

  async loadCheckpoints(db: Kysely<any> = this.options.db): Promise<void> {
    const stored = await readCheckpoints(db, this.schema);
    this.checkpoints = new Map(this.options.projections.map((projection) => [projection.name, stored.get(projection.name) ?? START_POSITION]));
  }

  private lowestCheckpoint(): Position {
    let lowest: Position | null = null;
    for (const position of this.checkpoints.values()) if (lowest === null || position < lowest) lowest = position;
    return lowest ?? START_POSITION;
  }

  /** Reads and applies until nothing is left; `db` may be an open transaction. Returns events read. */
  async catchUp(db: Kysely<any> = this.options.db): Promise<number> {
    let total = 0;
    let next = this.options.store.readAll(this.lowestCheckpoint(), { batchSize: this.batchSize });
    for (;;) {
      const batch = await next;
      if (batch.length === 0) return total;
      // Read the following batch while this one is applied.
      next = this.options.store.readAll(batch[batch.length - 1]!.position, { batchSize: this.batchSize });
      await this.applyBatch(batch, db);
      total += batch.length;
    }
  }

  /** Live: follows the store until aborted, recovering from conflicts and failures. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.loadCheckpoints();
        for await (const batch of this.options.store.subscribeAll(this.lowestCheckpoint(), { signal, batchSize: this.batchSize })) {
          await this.applyBatch(batch);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (!(error instanceof CheckpointMoved)) {
          this.log.error({ err: error }, 'projection batch failed; retrying');
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
  }

  async applyBatch(batch: readonly RecordedEvent[], db: Kysely<any> = this.options.db): Promise<void> {
    if (batch.length === 0) return;
    const decoded = batch.map((event) => this.decode(event)).filter((event): event is ProjectedEvent => event !== null);
    const last = batch[batch.length - 1]!.position;
    const work = this.options.projections
      .map((projection) => {
        const from = this.checkpoints.get(projection.name)!;
        return { projection, from, events: decoded.filter((event) => event.position > from) };
      })
      .filter((item) => item.from < last);
    if (work.length === 0) return;

    const apply = async (trx: Kysely<any>) => {
      // Losing an unflushed commit in a server crash only rolls back data and checkpoint together.
      await sql`set local synchronous_commit = off`.execute(trx);
      const moved = await sql`
        update ${sql.id(this.schema, 'projection_checkpoints')} c set position = ${last}
        from unnest(${work.map((item) => item.projection.name)}::text[], ${work.map((item) => item.from)}::text[]) as x(name, expected)
        where c.name = x.name and c.position = x.expected`.execute(trx);
      if (Number(moved.numAffectedRows) !== work.length) throw new CheckpointMoved();
      const changes = new ChangeSet();
      for (const item of work) {
        if (item.events.length > 0) await item.projection.apply(trx, this.schema, item.events, changes);
      }
      // Only the live read models announce progress: a rebuild's scratch schema is not what queries read.
      if (this.schema === READ_SCHEMA) {
        const names = work.map((item) => item.projection.name);
        await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${encodeChangeNotice(last, names, changes)})`.execute(trx);
      }
    };

    if (db.isTransaction) await apply(db);
    else await db.transaction().execute(apply);
    for (const item of work) this.checkpoints.set(item.projection.name, last);
    this.emit('committed', { position: last, projections: work.map((item) => item.projection.name) });
  }

  private decode(event: RecordedEvent): ProjectedEvent | null {
    try {
      const { type, data } = this.options.registry.decode(event);
      return { type, data, metadata: event.metadata, streamId: event.streamId, position: event.position, recordedAt: event.recordedAt };
    } catch (error) {
      // Projections never stall on odd data: the event stays in the store for a later fix and rebuild.
      this.log.warn({ eventId: event.id, type: event.type, err: error }, 'event could not be decoded; skipped');
      return null;
    }
  }
}
