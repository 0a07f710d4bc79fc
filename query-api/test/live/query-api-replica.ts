import { createHttpApp, createSessionAuth, loadConfig, openServiceRuntime } from '@civitas/service-kit';
import { TEST_VAULT_KEY } from '../../../test-support/test-vault-key';
import { queryApi } from '../../src/app';
import { httpChatCommands } from '../../src/live/chat-commands';
import type { LiveLimits } from '../../src/live/live-hub';
import { ProjectionWatcher } from '../../src/lib/projection-watcher';

/**
 * A query-api process as production runs it (query-api/src/server.ts) on a test server's
 * database: its own watcher, LISTEN connections and sockets; chat frames go to command-api
 * over HTTP at COMMAND_API_URL. A second query-api behind the gateway; with READ_DATABASE_URL in
 * `env`, one that reads a streaming replica.
 */
export async function startQueryApiReplica(databaseUrl: string, env: Record<string, string>, limits: Partial<LiveLimits> = {}) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', VAULT_KEY: TEST_VAULT_KEY, ...env });
  const runtime = await openServiceRuntime('civitas-query-api-replica', { migrate: false, config });
  const { db, readDb } = runtime;
  const watcher = ProjectionWatcher.of(runtime);
  await watcher.start();
  runtime.onStop(() => watcher.close());
  const app = await createHttpApp({
    title: 'Civitas query API replica',
    logLevel: config.LOG_LEVEL,
    publicBaseUrl: config.publicBaseUrl,
    healthChecks: runtime.health,
  });
  const chatCommands = httpChatCommands(config.COMMAND_API_URL ?? config.publicBaseUrl, config.publicBaseUrl);
  await app.register(queryApi, {
    db,
    readDb,
    watcher,
    auth: createSessionAuth(db, config),
    paymentProviders: config.paymentProviders,
    signInProviders: config.signInProviders,
    publicBaseUrl: config.publicBaseUrl,
    live: { databaseUrl: runtime.databaseUrl, chatCommands, limits },
  });
  runtime.onStop(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, runtime, close: runtime.close };
}
