import { READ_SCHEMA, createHttpApp, createSessionAuth, openServiceRuntime, projectionHealth, projectorIsUp, schemaExists } from '@civitas/service-kit';
import { PostgresEventStore } from '@civitas/events';
import { queryApi } from './app';
import { httpChatCommands } from './live/chat-commands';
import { ProjectionWatcher } from './lib/projection-watcher';

/** query-api as its own process (production topology); it never writes, so it runs no migrations. */
const runtime = await openServiceRuntime('civitas-query-api', { migrate: false });
const { config, db, readDb } = runtime;
runtime.stopOnSignals();
// Read models come from READ_DATABASE_URL's replica when set; sessions, positions and notices from the primary.
const watcher = ProjectionWatcher.of(runtime);
await watcher.start();
runtime.onStop(() => watcher.close());
// Read only: time travel and the audit history recount from the events.
const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
runtime.outage.watch(store.pool);
runtime.onStop(() => store.close());
const app = await createHttpApp({
  title: 'Civitas query API',
  logLevel: config.LOG_LEVEL,
  trustProxy: config.TRUST_PROXY,
  publicBaseUrl: config.publicBaseUrl,
  databaseOutage: runtime.outage,
  healthChecks: { ...runtime.health, projector: projectorIsUp(db), readModels: () => schemaExists(readDb, READ_SCHEMA) },
  healthDegradation: () => projectionHealth(db),
});
// The socket's chat frames go to command-api: COMMAND_API_URL, else the gateway at the public address (it routes POSTs there).
const chatCommands = httpChatCommands(config.COMMAND_API_URL ?? config.publicBaseUrl, config.publicBaseUrl);
await app.register(queryApi, {
  db,
  readDb,
  watcher,
  auth: createSessionAuth(db, config),
  paymentProviders: config.paymentProviders,
  signInProviders: config.signInProviders,
  publicBaseUrl: config.publicBaseUrl,
  live: { databaseUrl: runtime.databaseUrl, chatCommands },
  store,
});
runtime.onStop(() => app.close());
await app.listen({ port: config.PORT, host: config.HOST });
