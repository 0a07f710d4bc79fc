import type { EventRegistry, EventStore } from '@civitas/events';
import { PROJECTOR_LOCK_KEY } from '@civitas/service-kit/health';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { ProjectorLog } from './lib/logger';
import { silentLog } from './lib/logger';
import type { Projection } from './projection';
import { fingerprintOf, storedFingerprint } from './read-schema';
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
      const { events } = await rebuildReadModels({ ...this.options, log: this.log });
      this.log.info({ events }, 'read models rebuilt');
    }
    await this.runner.loadCheckpoints();
    this.running = this.runner.run(this.abort.signal);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await this.lockClient?.end().catch(() => undefined);
    this.lockClient = null;
  }

  private async acquireLock(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'civitas-projector' });
      client.on('error', () => undefined);
      await client.connect();
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
