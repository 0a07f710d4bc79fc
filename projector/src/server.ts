import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { createHttpApp, openServiceRuntime, projectorIsUp } from '@civitas/service-kit';
import { projectionHealth } from '@civitas/service-kit/read-model-health';
import { ProjectorService } from './projector-service';
import { projections } from './projections';

/** The projector as its own process (production topology); `npm start` runs it in-process instead. */
const runtime = await openServiceRuntime('civitas-projector-app', { migrate: true });
const { config, db, log } = runtime;
runtime.stopOnSignals();
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
runtime.outage.watch(store.pool);
runtime.onStop(() => store.close());
const projector = new ProjectorService({
  connectionString: runtime.databaseUrl,
  store,
  db,
  registry: createEventRegistry(),
  projections,
  log,
  outage: runtime.outage,
});
runtime.onStop(() => projector.stop());
const app = await createHttpApp({
  title: 'Civitas projector',
  logLevel: config.LOG_LEVEL,
  databaseOutage: runtime.outage,
  healthChecks: { database: runtime.health.database, projector: projectorIsUp(db) },
  healthDegradation: () => projectionHealth(db),
});
runtime.onStop(() => app.close());
await app.listen({ port: config.PORT, host: config.HOST });
await projector.start();
log.info({}, 'projector running');
