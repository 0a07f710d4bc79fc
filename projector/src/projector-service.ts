import type { EventRegistry, EventStore } from '@civitas/events';
import { PROJECTOR_LOCK_KEY } from '@civitas/service-kit/health';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import type { Projection } from './projection';
import { createParkedEventsTable, fingerprintOf, storedFingerprint } from './read-schema';
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
 * lock it rebuilds the read models if their definitions changed, then follows live.
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
    if ((await storedFingerprint(this.options.db)) !== fingerprintOf(this.options.projections)) {
      this.log.info({}, 'read model definitions changed or missing: rebuilding from zero');
      const { events, parked } = await rebuildReadModels({ ...this.options, log: this.log });
      this.log.info({ events, parked }, 'read models rebuilt');
    }
    await createParkedEventsTable(this.options.db, READ_SCHEMA);
    await this.runner.loadCheckpoints();
    this.runAbort = new AbortController();
    this.running = this.runner.run(AbortSignal.any([this.abort.signal, this.runAbort.signal]));
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
