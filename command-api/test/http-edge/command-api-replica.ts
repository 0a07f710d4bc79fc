import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { READ_SCHEMA, createHttpApp, loadConfig, openServiceRuntime } from '@civitas/service-kit';
import { TEST_VAULT_KEY } from '../../../test-support/test-vault-key';
import { commandApi } from '../../src/app';
import { createCommandServices } from '../../src/services';

/**
 * A second command-api process as production runs it (command-api/src/server.ts) on a test
 * server's database, without its reactors (the test server runs those): a replica behind
 * the gateway. An all-in-one test server would stand by for the projector lock instead.
 */
export async function startCommandApiReplica(databaseUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', VAULT_KEY: TEST_VAULT_KEY, ...env });
  const runtime = await openServiceRuntime('civitas-command-api-replica', { migrate: true, config });
  const { db, log } = runtime;
  const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
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
  });
  const app = await createHttpApp({
    title: 'Civitas command API replica',
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    publicBaseUrl: config.publicBaseUrl,
    healthChecks: runtime.health,
  });
  await app.register(commandApi, { store, registry, ...services, publicBaseUrl: config.publicBaseUrl, db, config });
  runtime.onStop(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: runtime.close };
}
