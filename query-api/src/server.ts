import { READ_SCHEMA, schemaExists } from '@civitas/projector';
import { createHttpApp, createKysely, createSessionAuth, createLogger, databaseIsUp, loadConfig, migrationsPending, platformMigrations, projectorIsUp, provideDatabase, stopOnSignals } from '@civitas/service-kit';
import { queryApi } from './app';
import { ProjectionWatcher } from './lib/projection-watcher';

/** query-api as its own process (production topology); it never writes, so it runs no migrations. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await provideDatabase(config, log);
const db = createKysely(database.url, { applicationName: 'civitas-query-api' });
const watcher = new ProjectionWatcher(database.url, db);
await watcher.start();
const app = await createHttpApp({
  title: 'Civitas query API',
  logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
  healthChecks: {
    database: databaseIsUp(db),
    migrations: async () => !(await migrationsPending(db, platformMigrations)),
    projector: projectorIsUp(db),
    readModels: async () => schemaExists(db, READ_SCHEMA),
  },
});
await app.register(queryApi, { db, watcher, auth: createSessionAuth(db, config), paymentProviders: config.paymentProviders });
await app.listen({ port: config.PORT, host: config.HOST });
stopOnSignals(async () => {
  await app.close();
  await watcher.close();
  await db.destroy();
  await database.stop();
}, log);
