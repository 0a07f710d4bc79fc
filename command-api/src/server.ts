import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { READ_SCHEMA, createHttpApp, openServiceRuntime } from '@civitas/service-kit';
import { commandApi } from './app';
import { createCommandServices } from './services';

/** command-api as its own process (production topology). */
const runtime = await openServiceRuntime('civitas-command-api', { migrate: true });
const { config, db, log } = runtime;
runtime.stopOnSignals();
// The mail outbox is the only reader here that follows the store: no other reader would use the
// newest events kept for it, so none are kept (the all-in-one platform shares them with the projector).
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl, recentEvents: 0 });
runtime.outage.watch(store.pool);
runtime.onStop(() => store.close());
const registry = createEventRegistry();
const services = await createCommandServices({
  store,
  registry,
  config,
  db,
  databaseUrl: runtime.databaseUrl,
  readModels: db.withSchema(READ_SCHEMA),
  now: () => new Date(),
  log,
  outage: runtime.outage,
});
await services.start();
runtime.onStop(() => services.stop());
const app = await createHttpApp({
  title: 'Civitas command API',
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUST_PROXY,
  publicBaseUrl: config.publicBaseUrl,
  healthChecks: runtime.health,
  databaseOutage: runtime.outage,
});
await app.register(commandApi, { store, registry, ...services, publicBaseUrl: config.publicBaseUrl, db, config });
runtime.onStop(() => app.close());
await app.listen({ port: config.PORT, host: config.HOST });
