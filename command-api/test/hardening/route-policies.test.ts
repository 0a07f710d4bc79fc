import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { READ_SCHEMA, createHttpApp, loadConfig, openServiceRuntime } from '@civitas/service-kit';
import { routesWithoutAccess } from '@civitas/service-kit/route-policies';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRoutes, signedOutProbes, unlessUnauthorized } from '../../../test-support/signed-out-probes';
import { TEST_VAULT_KEY } from '../../../test-support/test-vault-key';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { commandApi } from '../../src/app';
import { createCommandServices } from '../../src/services';

/**
 * Every command route declares who may call it, and one place enforces it before anything else
 * (service-kit route-policies.ts; docs/decisions.md, Route policies): signed out, a route that
 * needs a member answers 401 whatever the body, path or query string say. The routes and their
 * config are read from command-api built on its own over the test server's database (an onRoute
 * hook); the probes go to the whole platform over HTTP.
 */

/** command-api's routes as registered: the same plugin the platform registers, with nothing started. */
async function commandRoutes(databaseUrl: string): Promise<RouteOptions[]> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', VAULT_KEY: TEST_VAULT_KEY, PAYMENT_SANDBOX: 'on' });
  const runtime = await openServiceRuntime('civitas-route-policies-test', { migrate: false, config });
  try {
    const store = new PostgresEventStore({ connectionString: runtime.databaseUrl });
    runtime.onStop(() => store.close());
    const registry = createEventRegistry();
    const services = await createCommandServices({
      store,
      registry,
      config,
      db: runtime.db,
      databaseUrl: runtime.databaseUrl,
      readModels: runtime.db.withSchema(READ_SCHEMA),
      now: () => new Date(),
      log: runtime.log,
    });
    runtime.onStop(() => services.stop());
    const app = await createHttpApp({ title: 'command-api routes', logLevel: 'silent', publicBaseUrl: config.publicBaseUrl, healthChecks: {} });
    runtime.onStop(() => app.close());
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routes.push(route));
    await app.register(commandApi, { store, registry, ...services, publicBaseUrl: config.publicBaseUrl, db: runtime.db, config });
    await app.ready();
    return routes;
  } finally {
    await runtime.close();
  }
}

describe('command-api route policies', () => {
  let server: TestServer;
  let routes: RouteOptions[];

  beforeAll(async () => {
    server = await startTestServer();
    routes = await commandRoutes(server.databaseUrl);
  });
  afterAll(() => server?.close());

  it('every /api route declares its access', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routesWithoutAccess(routes)).toEqual([]);
  });

  it('answers a visitor 401 with a message on every route that needs a member, whatever the input', async () => {
    const guarded = memberRoutes(routes);
    // Profiles, votes, ballots and the admins' decisions are all among them.
    expect(guarded.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['PUT /api/user/profile', 'POST /api/votes', 'POST /api/topics/:id/ballot']),
    );
    const failures: string[] = [];
    // The test server speaks plain HTTP: the cookie has no __Host- prefix (session-auth.ts).
    for (const probe of signedOutProbes(guarded, 'civitas_session')) {
      const answer = await fetch(`${server.baseUrl}${probe.url}`, {
        method: probe.method,
        redirect: 'manual',
        headers: { origin: server.baseUrl, ...probe.headers },
        body: probe.body,
      });
      const failure = unlessUnauthorized(probe, answer.status, answer.headers.get('content-type') ?? '', await answer.text());
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});
