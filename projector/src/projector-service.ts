import type { EventRegistry, EventStore } from '@civitas/events';
import { PROJECTOR_LOCK_KEY } from '@civitas/service-kit/health';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import type { Projection } from './projection';
import { createParkedEventsTable, planRebuild } from './read-schema';
import { rebuildReadModels } from './rebuild';
import { ProjectionRunner } from './runner';

export interface ProjectorServiceOptions {
  connectionString: string;
  store: EventStore;
  db: Kysely<any>;
  registry: EventRegistry;
  projections: readonly Projection[];
  log?: ProjectorLog;
  batchSize?: number;
}

/**
 * Runs the projections in the one process holding the projector lock. On taking the
 * lock it rebuilds the projections whose version changed, then follows live.
 */
export class ProjectorService {
  readonly runner: ProjectionRunner;
  private readonly abort = new AbortController();
  private runAbort = new AbortController();
  private lockClient: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private readonly log: ProjectorLog;

  constructor(private readonly options: ProjectorServiceOptions) {
    this.log = options.log ?? silentLog;
    this.runner = new ProjectionRunner({ ...options, log: this.log });
  }

  /** Resolves once this process leads and the read models are current; live projection continues in the background. */
  async start(): Promise<void> {
    await this.acquireLock();
    if (this.abort.signal.aborted) return;
    await this.rebuildChanged();
    await createParkedEventsTable(this.options.db, READ_SCHEMA);
    await this.runner.loadCheckpoints();
    this.runAbort = new AbortController();
    this.running = this.runner.run(AbortSignal.any([this.abort.signal, this.runAbort.signal]));
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
    const others = new ProjectionRunner({ ...this.options, projections: unchanged, log: this.log });
    const stopOthers = new AbortController();
    const following = others.run(AbortSignal.any([this.abort.signal, stopOthers.signal]));
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
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'civitas-projector' });
      client.on('error', () => undefined);
      client.on('end', () => this.lockLost(client));
      try {
        await client.connect();
      } catch (error) {
        this.log.warn({ err: error }, 'cannot reach the database for the projector lock; retrying');
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PROJECTOR_LOCK_KEY]);
      if (result.rows[0]?.locked) {
        this.lockClient = client;
        return;
      }
      await client.end();
      this.log.info({}, 'another projector holds the lock; standing by');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
