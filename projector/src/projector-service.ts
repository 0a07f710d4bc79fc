import { EventEmitter } from 'node:events';
import { DATABASE_CONNECT_TIMEOUT_MS, type EventRegistry, type EventStore, type Position } from '@civitas/events';
import { DatabaseOutage } from '@civitas/service-kit/database';
import { PROJECTOR_LOCK_KEY } from '@civitas/service-kit/health';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import { MAIN_LANE, type Projection, type ProjectionLane } from './projection';
import { createParkedEventsTable, planRebuild } from './read-schema';
import { rebuildReadModels } from './rebuild';
import { ProjectionRunner, type BatchCommitted } from './runner';

export interface ProjectorServiceOptions {
  connectionString: string;
  store: EventStore;
  db: Kysely<PlatformDatabase>;
  registry: EventRegistry;
  projections: readonly Projection[];
  log?: ProjectorLog;
  batchSize?: number;
  /** The process's view of its database (ServiceRuntime's); one of its own when not given. */
  outage?: DatabaseOutage;
}

/**
 * Runs the projections in the one process holding the projector lock. On taking the
 * lock it rebuilds the projections whose version changed, then follows live: a runner per
 * lane (projection.ts), each with its own reader and transactions.
 */
export class ProjectorService extends EventEmitter<{ committed: [BatchCommitted] }> {
  readonly runners: readonly ProjectionRunner[];
  private readonly abort = new AbortController();
  private runAbort = new AbortController();
  private lockClient: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private readonly log: ProjectorLog;
  private readonly outage: DatabaseOutage;

  constructor(private readonly options: ProjectorServiceOptions) {
    super();
    this.log = options.log ?? silentLog;
    this.outage = options.outage ?? new DatabaseOutage(this.log);
    this.runners = this.laneRunners(options.projections);
    for (const runner of this.runners) runner.on('committed', (committed) => this.emit('committed', committed));
  }

  /** Every projection's checkpoint as this process last committed it. */
  get positions(): ReadonlyMap<string, Position> {
    return new Map(this.runners.flatMap((runner) => [...runner.positions]));
  }

  private laneRunners(projections: readonly Projection[]): ProjectionRunner[] {
    const lanes = new Map<string, { lane: ProjectionLane; projections: Projection[] }>();
    for (const projection of projections) {
      const lane = projection.lane ?? MAIN_LANE;
      const entry = lanes.get(lane.name) ?? { lane, projections: [] };
      lanes.set(lane.name, entry);
      entry.projections.push(projection);
    }
    return [...lanes.values()].map(
      ({ lane, projections: own }) =>
        new ProjectionRunner({
          ...this.options,
          projections: own,
          batchSize: lane.batchSize ?? this.options.batchSize,
          gather: lane.gather,
          log: this.log,
          outage: this.outage,
        }),
    );
  }

  private runAll(runners: readonly ProjectionRunner[], signal: AbortSignal): Promise<void> {
    return Promise.all(runners.map((runner) => runner.run(signal))).then(() => undefined);
  }

  /** Resolves once this process leads and the read models are current; live projection continues in the background. */
  async start(): Promise<void> {
    await this.acquireLock();
    if (this.abort.signal.aborted) return;
    await this.rebuildChanged();
    await createParkedEventsTable(this.options.db, READ_SCHEMA);
    for (const runner of this.runners) await runner.loadCheckpoints();
    this.runAbort = new AbortController();
    this.running = this.runAll(this.runners, AbortSignal.any([this.abort.signal, this.runAbort.signal]));
  }

  /**
   * Rebuilds what changed: every read model when there are none yet (or from before versions were
   * kept per projection), else only the projections whose version changed. Meanwhile the others
   * keep serving and keep following the store (a runner of their own), so they never fall behind.
   */
  private async rebuildChanged(): Promise<void> {
    const plan = await planRebuild(this.options.db, this.options.projections);
    if (plan.kind === 'all') {
      this.log.info({}, 'read models missing or from before per-projection versions: rebuilding every one from zero');
      const { events, parked } = await rebuildReadModels({ ...this.options, log: this.log });
      this.log.info({ events, parked }, 'read models rebuilt');
      return;
    }
    if (plan.changed.length === 0 && plan.removed.length === 0) return;
    const changed = plan.changed.map((projection) => projection.name);
    this.log.info({ changed, removed: plan.removed }, 'projection versions changed: rebuilding those from zero');
    const unchanged = this.options.projections.filter((projection) => !changed.includes(projection.name));
    const stopOthers = new AbortController();
    const following = this.runAll(this.laneRunners(unchanged), AbortSignal.any([this.abort.signal, stopOthers.signal]));
    try {
      const { events, parked, setBased } = await rebuildReadModels({ ...this.options, log: this.log }, changed);
      this.log.info({ rebuilt: changed, events, parked, setBased }, 'changed projections rebuilt and swapped in');
    } finally {
      stopOthers.abort();
      await following;
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await this.lockClient?.end().catch(() => undefined);
    this.lockClient = null;
  }

  /** The lock lives with its connection: once that is gone another projector may lead, so stop and queue up again. */
  private lockLost(client: pg.Client): void {
    if (this.lockClient !== client || this.abort.signal.aborted) return;
    this.lockClient = null;
    this.log.warn({}, 'projector lock connection lost; stopping until the lock is regained');
    this.runAbort.abort();
    const previous = this.running;
    this.running = (async () => {
      await previous?.catch(() => undefined);
      await this.start();
    })().catch((error) => this.log.error({ err: error }, 'projector restart failed'));
  }

  private async acquireLock(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const client = new pg.Client({
        connectionString: this.options.connectionString,
        application_name: 'civitas-projector',
        connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      });
      client.on('error', () => undefined);
      client.on('end', () => this.lockLost(client));
      let locked: boolean;
      try {
        await client.connect();
        locked = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PROJECTOR_LOCK_KEY])).rows[0]?.locked === true;
      } catch (error) {
        // The connection may die between connect and query too: either way, try again.
        if (!this.outage.noticed(error)) this.log.warn({ err: error }, 'cannot reach the database for the projector lock; retrying');
        await client.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      if (locked) {
        this.lockClient = client;
        return;
      }
      await client.end();
      this.log.info({}, 'another projector holds the lock; standing by');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
