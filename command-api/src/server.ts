import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { createHttpApp, createKysely, createLogger, databaseIsUp, loadConfig, migrateToLatest, migrationsPending, platformMigrations, provideDatabase, stopOnSignals } from '@civitas/service-kit';
import { commandApi } from './app';
import { seedGroupCatalogue } from './groups/seed-catalogue';

/** command-api as its own process (production topology). */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await provideDatabase(config, log);
const db = createKysely(database.url, { applicationName: 'civitas-command-api' });
await migrateToLatest(db, platformMigrations);
const store = new PostgresEventStore({ connectionString: database.url });
const registry = createEventRegistry();
await seedGroupCatalogue(store, registry);
const app = await createHttpApp({
  title: 'Civitas command API',
  logLevel: config.LOG_LEVEL,
  healthChecks: { database: databaseIsUp(db), migrations: async () => !(await migrationsPending(db, platformMigrations)) },
});
await app.register(commandApi, { store, registry });
await app.listen({ port: config.PORT, host: config.HOST });
stopOnSignals(async () => {
  await app.close();
  await store.close();
  await db.destroy();
  await database.stop();
}, log);
