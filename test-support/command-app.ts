import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { commandApi, createCommandServices } from '@civitas/command-api';
import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { ProjectorService, projections } from '@civitas/projector';
import { READ_SCHEMA, createHttpApp, createLogger, openServiceRuntime, type CivitasApp } from '@civitas/service-kit';
import type { LightMyRequestResponse } from 'fastify';
import { serveInProcess } from './http-client';
import { queryDatabase, testConfig, type ServerUnderTest } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The route-test tier (docs/architecture.md, Tests in tiers): command-api alone, built in-process
 * as command-api/src/server.ts builds it (its services and reactors), on a database of its own,
 * with the projector beside it (suspensions, report targets and searches read its tables). No
 * query-api, no web app, no port: requests go through `app.inject`, and a TestClient of `baseUrl`
 * sends through it too (http-client.ts), so the member helpers work as on a test server.
 */
export interface CommandApp extends ServerUnderTest {
  app: CivitasApp;
  /** Stops the app and its services; keeps the database (for restart tests that brought their own). */
  stop(): Promise<void>;
  /** Stops it and drops its database. */
  close(): Promise<void>;
}

export interface CommandAppOptions {
  /** A database the test keeps across a restart (it starts from nothing); else a copy of the run's migrated template. */
  database?: TestDatabase;
  env?: Record<string, string>;
  now?: () => Date;
  /** Receives every log line (the services' and the requests') at the configured LOG_LEVEL. */
  logStream?: DestinationStream;
}

let built = 0;

/** Builds command-api for one test file (or one test); `close` stops it and drops its database. */
export async function buildCommandApp(options: CommandAppOptions = {}): Promise<CommandApp> {
  const database = options.database ?? (await createTestDatabase({ migrated: true }));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'civitas-command-app-'));
  built += 1;
  const baseUrl = `http://command-app-${process.pid}-${built}.test`;
  const config = testConfig(database.url, dataDir, { PUBLIC_BASE_URL: baseUrl, ...options.env });
  const log = createLogger(config.LOG_LEVEL, options.logStream);
  const runtime = await openServiceRuntime('civitas-command-app', { migrate: true, config, log });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= runtime.close().then(() => rm(dataDir, { recursive: true, force: true })));
  const closeAll = async () => {
    await stop();
    await database.drop();
  };
  try {
    const { db, databaseUrl } = runtime;
    const store = new PostgresEventStore({ connectionString: databaseUrl });
    runtime.onStop(() => store.close());
    const registry = createEventRegistry();
    const projector = new ProjectorService({ connectionString: databaseUrl, store, db, registry, projections, log });
    runtime.onStop(() => projector.stop());
    const now = options.now ?? (() => new Date());
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
    const app = await createHttpApp({
      title: 'command-api under test',
      logLevel: config.LOG_LEVEL,
      trustProxy: config.TRUST_PROXY,
      publicBaseUrl: config.publicBaseUrl,
      logStream: options.logStream,
      healthChecks: runtime.health,
    });
    await app.register(commandApi, { store, registry, ...services, publicBaseUrl: config.publicBaseUrl, db, config });
    runtime.onStop(() => app.close());
    await app.ready();
    // The order npm start keeps (scripts/platform.ts): the catalogue and admins, then the read models.
    await services.start();
    await projector.start();
    runtime.onStop(serveInProcess(baseUrl, (input, init) => injectAsFetch(app, input, init)));
    return { app, baseUrl, dataDir, databaseUrl, query: (text, values) => queryDatabase(database.url, text, values), stop, close: closeAll };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}

/** What fetch would have answered, from `app.inject` (TestClient reads a fetch Response). */
async function injectAsFetch(app: CivitasApp, input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const answer: LightMyRequestResponse = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { host: url.host, ...(init.headers as Record<string, string> | undefined) },
    payload: typeof init.body === 'string' ? init.body : undefined,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
  }
  // A Response refuses a body with these statuses.
  const bodiless = [101, 204, 205, 304].includes(answer.statusCode);
  return new Response(bodiless ? null : answer.rawPayload, { status: answer.statusCode, headers });
}
