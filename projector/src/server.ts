import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { createHttpApp, createKysely, createLogger, databaseIsUp, loadConfig, migrateToLatest, platformMigrations, projectorIsUp, provideDatabase, stopOnSignals } from '@civitas/service-kit';
import { ProjectorService } from './projector-service';
import { projections } from './projections';

/** The projector as its own process (production topology); `npm start` runs it in-process instead. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await provideDatabase(config, log);
const db = createKysely(database.url, { applicationName: 'civitas-projector-app' });
await migrateToLatest(db, platformMigrations);
const store = new PostgresEventStore({ connectionString: database.url });
const projector = new ProjectorService({ connectionString: database.url, store, db, registry: createEventRegistry(), projections, log });
const app = await createHttpApp({ title: 'Civitas projector', logLevel: config.LOG_LEVEL, healthChecks: { database: databaseIsUp(db), projector: projectorIsUp(db) } });
await app.listen({ port: config.PORT, host: config.HOST });
stopOnSignals(async () => {
  await app.close();
  await projector.stop();
  await store.close();
  await db.destroy();
  await database.stop();
}, log);
await projector.start();
log.info({}, 'projector running');
