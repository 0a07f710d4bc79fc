import { routesWithoutAccess } from '@civitas/service-kit/route-policies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRoutes, signedOutProbes, unlessUnauthorized } from '../../test-support/signed-out-probes';
import { startQueryApp, type QueryApp } from './query-app';

/**
 * Every route of query-api declares who may call it, and one place enforces it before anything
 * else (service-kit route-policies.ts; docs/decisions.md, Route policies): signed out, a route that
 * needs a member answers 401 whatever the path, query string, headers or body say.
 */
describe('query-api route policies', () => {
  let query: QueryApp;

  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(() => query.close());

  it('every route declares its access', () => {
    expect(query.routes.length).toBeGreaterThan(40);
    expect(routesWithoutAccess(query.routes)).toEqual([]);
    // Outside /api too (the log's key under /.well-known): nothing of query-api is left to the default.
    expect(query.routes.filter((route) => !route.config?.access).map((route) => `${[route.method].flat().join(',')} ${route.url}`)).toEqual([]);
  });

  it('answers a visitor 401 with a message on every route that needs a member, whatever the input', async () => {
    const guarded = memberRoutes(query.routes);
    // The member's reads, the admin queues and the auditors' exports are all among them.
    expect(guarded.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/user/profile', '/api/admin/users', '/api/audit/log/export', '/api/topics/:id/messages']),
    );
    const failures: string[] = [];
    for (const probe of signedOutProbes(guarded, query.auth.cookieName)) {
      const answer = await query.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: probe.headers,
        ...(probe.body === undefined ? {} : { payload: probe.body }),
      });
      const failure = unlessUnauthorized(probe, answer.statusCode, String(answer.headers['content-type'] ?? ''), answer.body);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});
