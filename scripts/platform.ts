import { commandApi, createCommandServices } from '@civitas/command-api';
import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { ProjectorService, projections, type Projection } from '@civitas/projector';
import { CHAT_PATH, ProjectionWatcher, chatCommandHeaders, chatCommandResult, queryApi, type ChatCommands } from '@civitas/query-api';
import {
  READ_SCHEMA,
  createHttpApp,
  freePort,
  openServiceRuntime,
  projectionHealth,
  projectorIsUp,
  schemaExists,
  type Config,
  type Logger,
  type ServiceRuntime,
} from '@civitas/service-kit';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

export interface Platform {
  url: string;
  databaseUrl: string;
  /** Resolves when the catalogue is seeded and the projector leads with current read models. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Everything in one process, as `npm start` runs it: command and query routes on one
 * Fastify instance, the projector beside them, the built web app at `/`.
 */
export interface PlatformOptions {
  webRoot?: string;
  /** The clock commands and sessions read; tests inject one to travel in time. */
  now?: () => Date;
  /** Request logs' destination (stdout by default). */
  logStream?: DestinationStream;
  /** The projections the projector runs (every one by default); the bench leaves one out to measure without it. */
  projections?: readonly Projection[];
}

export async function startPlatform(requested: Config, log: Logger, options: PlatformOptions = {}): Promise<Platform> {
  const now = options.now ?? (() => new Date());
  // PORT=0 picks a free port; links (reset e-mails, sign-in callbacks) must name the real one.
  const config =
    requested.PORT === 0 && !requested.PUBLIC_BASE_URL
      ? await (async () => {
          const port = await freePort();
          return { ...requested, PORT: port, publicBaseUrl: `http://127.0.0.1:${port}` };
        })()
      : requested;
  const runtime = await openServiceRuntime('civitas-app', { migrate: true, config, log });
  try {
    return await startOnRuntime(runtime, config, log, options, now);
  } catch (error) {
    // A start that fails halfway still stops what it started, the embedded PostgreSQL above all.
    await runtime.close().catch(() => undefined);
    throw error;
  }
}

async function startOnRuntime(runtime: ServiceRuntime, config: Config, log: Logger, options: PlatformOptions, now: () => Date): Promise<Platform> {
  const { db, databaseUrl } = runtime;
  const store = new PostgresEventStore({ connectionString: databaseUrl });
  runtime.outage.watch(store.pool);
  runtime.onStop(() => store.close());
  const registry = createEventRegistry();
  const projector = new ProjectorService({
    connectionString: databaseUrl,
    store,
    db,
    registry,
    projections: options.projections ?? projections,
    log,
    outage: runtime.outage,
  });
  runtime.onStop(() => projector.stop());
  const watcher = ProjectionWatcher.of(runtime);
  runtime.onStop(() => watcher.close());
  const services = await createCommandServices({
    store,
    registry,
    config,
    db,
    databaseUrl,
    readModels: db.withSchema(READ_SCHEMA),
    now,
    log,
    outage: runtime.outage,
  });
  runtime.onStop(() => services.stop());

  let ready = false;
  const app = await createHttpApp({
    title: 'Civitas API',
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    publicBaseUrl: config.publicBaseUrl,
    webRoot: options.webRoot ?? WEB_ROOT,
    logStream: options.logStream,
    databaseOutage: runtime.outage,
    healthChecks: {
      ...runtime.health,
      projector: async () => ready && (await projectorIsUp(db)()),
      readModels: () => schemaExists(db, READ_SCHEMA),
    },
    healthDegradation: () => projectionHealth(db),
  });
  await app.register(commandApi, { store, registry, ...services, publicBaseUrl: config.publicBaseUrl, db, config });
  // The socket's chat frames go through command-api's own route on this same app, as the member.
  const siteOrigin = new URL(config.publicBaseUrl).origin;
  const chatCommands: ChatCommands = {
    post: async (sessionCookie, body) => {
      const answer = await app.inject({
        method: 'POST',
        url: CHAT_PATH,
        headers: chatCommandHeaders(sessionCookie, siteOrigin),
        payload: JSON.stringify(body),
      });
      return chatCommandResult(answer.statusCode, answer.payload);
    },
  };
  await app.register(queryApi, {
    db,
    readDb: runtime.readDb,
    watcher,
    auth: services.auth,
    paymentProviders: config.paymentProviders,
    signInProviders: config.signInProviders,
    publicBaseUrl: config.publicBaseUrl,
    now,
    live: { databaseUrl, chatCommands },
    store,
  });
  runtime.onStop(() => app.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  const readyPromise = (async () => {
    await services.start();
    await projector.start();
    await watcher.start();
    ready = true;
    log.info({ url: `http://localhost:${port}` }, 'Civitas is ready');
  })();
  readyPromise.catch((error) => log.error({ err: error }, 'start-up failed'));

  return { url: `http://127.0.0.1:${port}`, databaseUrl, ready: readyPromise, close: runtime.close };
}
