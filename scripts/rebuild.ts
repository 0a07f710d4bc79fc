import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { projections, rebuildReadModels } from '@civitas/projector';
import { createKysely, createLogger, loadConfig, migrateToLatest, platformMigrations, provideDatabase } from '@civitas/service-kit';

/** `npm run rebuild`: every projection from position zero into fresh tables, then swapped in. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await provideDatabase(config, log);
const db = createKysely(database.url);
const store = new PostgresEventStore({ connectionString: database.url });
try {
  await migrateToLatest(db, platformMigrations);
  const started = performance.now();
  const { events } = await rebuildReadModels({ store, db, registry: createEventRegistry(), projections, log });
  const seconds = (performance.now() - started) / 1000;
  log.info({ events, seconds: Number(seconds.toFixed(2)) }, 'read models rebuilt and swapped in');
} finally {
  await store.close();
  await db.destroy();
  await database.stop();
}
