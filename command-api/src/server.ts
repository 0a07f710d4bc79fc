import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { createHttpApp, createKysely, createSessionAuth, createLogger, databaseIsUp, loadConfig, migrateToLatest, migrationsPending, platformMigrations, provideDatabase, stopOnSignals } from '@civitas/service-kit';
import { commandApi } from './app';
import { seedGroupCatalogue } from './groups/seed-catalogue';
import { READ_SCHEMA } from '@civitas/projector';
import { createCommandServices } from './services';

/** command-api as its own process (production topology). */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await provideDatabase(config, log);
const db = createKysely(database.url, { applicationName: 'civitas-command-api' });
await migrateToLatest(db, platformMigrations);
const store = new PostgresEventStore({ connectionString: database.url });
const registry = createEventRegistry();
await seedGroupCatalogue(store, registry);
const { identity, subscriptions, scheduler } = createCommandServices({ store, registry, config, readModels: db.withSchema(READ_SCHEMA), now: () => new Date(), log });
await identity.grantConfiguredAdmins();
const auth = createSessionAuth(db, config);
const sessionSweep = setInterval(() => auth.sessions.deleteExpired().catch(() => undefined), 10 * 60_000);
const app = await createHttpApp({
  title: 'Civitas command API',
  logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
  healthChecks: { database: databaseIsUp(db), migrations: async () => !(await migrationsPending(db, platformMigrations)) },
});
await app.register(commandApi, { store, registry, identity, subscriptions, auth, publicBaseUrl: config.publicBaseUrl, mailConfigured: Boolean(config.SMTP_URL), db, config });
await app.listen({ port: config.PORT, host: config.HOST });
scheduler.start(config.SCHEDULER_INTERVAL_SECONDS * 1000);
stopOnSignals(async () => {
  clearInterval(sessionSweep);
  await app.close();
  await scheduler.stop();
  await store.close();
  await db.destroy();
  await database.stop();
}, log);
