import { commandApi, seedGroupCatalogue } from '@civitas/command-api';
import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { ProjectorService, projections, schemaExists, READ_SCHEMA } from '@civitas/projector';
import { ProjectionWatcher, queryApi } from '@civitas/query-api';
import {
  createHttpApp,
  createKysely,
  databaseIsUp,
  migrateToLatest,
  migrationsPending,
  platformMigrations,
  projectorIsUp,
  provideDatabase,
  type Config,
  type Logger,
} from '@civitas/service-kit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

export interface Platform {
  url: string;
  databaseUrl: string;
  /** Resolves when the catalogue is seeded and the projector leads with current read models. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Everything in one process, as `npm start` runs it: command and query routes on one
 * Fastify instance, the projector beside them, the built web app at `/`.
 */
export async function startPlatform(config: Config, log: Logger, options: { webRoot?: string } = {}): Promise<Platform> {
  const database = await provideDatabase(config, log);
  const db = createKysely(database.url, { applicationName: 'civitas-app' });
  await migrateToLatest(db, platformMigrations);
  const store = new PostgresEventStore({ connectionString: database.url });
  const registry = createEventRegistry();
  const projector = new ProjectorService({ connectionString: database.url, store, db, registry, projections, log });
  const watcher = new ProjectionWatcher(database.url, db);

  let ready = false;
  const app = await createHttpApp({
    title: 'Civitas API',
    logLevel: config.LOG_LEVEL,
    webRoot: options.webRoot ?? WEB_ROOT,
    healthChecks: {
      database: databaseIsUp(db),
      migrations: async () => !(await migrationsPending(db, platformMigrations)),
      projector: async () => ready && (await projectorIsUp(db)()),
      readModels: async () => schemaExists(db, READ_SCHEMA),
    },
  });
  await app.register(commandApi, { store, registry });
  await app.register(queryApi, { db, watcher });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  const readyPromise = (async () => {
    const seeded = await seedGroupCatalogue(store, registry);
    if (seeded.created > 0) log.info({ created: seeded.created }, 'group catalogue created');
    await projector.start();
    await watcher.start();
    ready = true;
    log.info({ url: `http://localhost:${port}` }, 'Civitas is ready');
  })();
  readyPromise.catch((error) => log.error({ err: error }, 'start-up failed'));

  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    ready: readyPromise,
    async close() {
      await app.close();
      await projector.stop();
      await watcher.close();
      await store.close();
      await db.destroy();
      await database.stop();
    },
  };
}
