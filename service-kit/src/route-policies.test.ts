import { ForbiddenError, type Role } from '@civitas/events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, zodRoutes } from './http-app';
import { memberOf, registerRoutePolicies, routesWithoutAccess, type RateLimitRule } from './route-policies';
import { SessionAuth } from './session-auth';
import type { ResolvedSession, SessionStore } from './sessions';

/** Sessions by token: a member, an admin, an auditor. */
const SESSIONS: Record<string, { userId: string; roles: Role[] }> = {
  member: { userId: '00000000-0000-4000-8000-000000000001', roles: [] },
  admin: { userId: '00000000-0000-4000-8000-000000000002', roles: ['admin'] },
  auditor: { userId: '00000000-0000-4000-8000-000000000003', roles: ['auditor'] },
};
const resolve = async (token: string | undefined) =>
  token && SESSIONS[token] ? ({ userId: SESSIONS[token].userId, token, position: null } as unknown as ResolvedSession) : null;
const auth = new SessionAuth({ resolve } as unknown as SessionStore, false);
const rolesById = new Map(Object.values(SESSIONS).map((session) => [session.userId, session.roles]));

const LIMIT: RateLimitRule = { name: 'test-limit', max: 1, timeWindow: '1 minute', per: (request) => request.ip };

async function policyApp() {
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = zodRoutes(await createHttpApp({ title: 'test', logLevel: 'info', healthChecks: {}, logStream }));
  const seen = { parsed: 0, roleChecks: 0, limitChecks: 0 };
  const routes: Array<{ method: string | string[]; url: string; config?: { access?: 'public' | 'member' | 'admin' | 'auditor' } }> = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('preParsing', async () => void (seen.parsed += 1));
  registerRoutePolicies(app, {
    auth,
    requireRoles: async (_request, userId, roles, message) => {
      seen.roleChecks += 1;
      if (!roles.some((role) => rolesById.get(userId)?.includes(role))) throw new ForbiddenError(message);
    },
    rateLimitCheck: (rule) => {
      let used = 0;
      return async () => {
        seen.limitChecks += 1;
        used += 1;
        return { allowed: used <= rule.max, retryAfterSeconds: 42 };
      };
    },
  });
  const Body = z.object({ name: z.string().min(1, 'Name is required') });
  app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
  app.post('/api/things', { config: { access: 'member' }, schema: { body: Body } }, async (request) => ({
    memberId: memberOf(request),
    name: request.body.name,
  }));
  app.get('/api/admin-only', { config: { access: 'admin' } }, async (request) => ({ memberId: memberOf(request) }));
  app.get('/api/audit-only', { config: { access: 'auditor' } }, async (request) => ({ memberId: memberOf(request) }));
  app.post('/api/limited', { config: { access: 'public', rateLimits: [LIMIT] }, schema: { body: Body } }, async () => ({ ok: true }));
  app.get('/api/undeclared', async () => ({ ok: true }));
  app.get('/outside-api', async () => ({ ok: true }));
  await app.ready();
  return { app, lines, seen, routes };
}

const as = (token?: string) => (token ? { cookie: `${auth.cookieName}=${token}` } : {});
const json = { 'content-type': 'application/json' };

describe('route policies', () => {
  let subject: Awaited<ReturnType<typeof policyApp>>;
  beforeAll(async () => {
    subject = await policyApp();
  });
  afterAll(() => subject.app.close());

  it('lets anyone call a public route', async () => {
    const answer = await subject.app.inject({ url: '/api/open' });
    expect([answer.statusCode, answer.json()]).toEqual([200, { ok: true }]);
  });

  it('answers a visitor 401 before the body is parsed, whatever it holds; a member gets the body checked', async () => {
    const before = subject.seen.parsed;
    for (const payload of [undefined, '{}', '{"name": ', '[1]', '{"name": 7}']) {
      for (const token of [undefined, 'forged']) {
        const answer = await subject.app.inject({
          method: 'POST',
          url: '/api/things',
          headers: { ...json, ...as(token) },
          ...(payload === undefined ? {} : { payload }),
        });
        expect([answer.statusCode, answer.json()], `${payload} ${token}`).toEqual([401, { message: 'Unauthorized' }]);
      }
    }
    expect(subject.seen.parsed).toBe(before);
    const empty = await subject.app.inject({ method: 'POST', url: '/api/things', headers: { ...json, ...as('member') }, payload: '{}' });
    expect(empty.statusCode).toBe(400);
    const named = await subject.app.inject({ method: 'POST', url: '/api/things', headers: { ...json, ...as('member') }, payload: '{"name":"Ada"}' });
    expect(named.json()).toEqual({ memberId: SESSIONS.member!.userId, name: 'Ada' });
  });

  it('refuses a member without the role 403, and checks no role for a visitor', async () => {
    const checks = subject.seen.roleChecks;
    expect((await subject.app.inject({ url: '/api/admin-only' })).statusCode).toBe(401);
    expect(subject.seen.roleChecks).toBe(checks);
    const member = await subject.app.inject({ url: '/api/admin-only', headers: as('member') });
    expect([member.statusCode, member.json()]).toEqual([403, { message: 'Admin access required' }]);
    expect((await subject.app.inject({ url: '/api/admin-only', headers: as('auditor') })).statusCode).toBe(403);
    expect((await subject.app.inject({ url: '/api/admin-only', headers: as('admin') })).json()).toEqual({ memberId: SESSIONS.admin!.userId });
    // The auditor level: an auditor or an admin.
    expect((await subject.app.inject({ url: '/api/audit-only', headers: as('member') })).json()).toEqual({ message: 'Auditor or admin access required' });
    expect((await subject.app.inject({ url: '/api/audit-only', headers: as('auditor') })).statusCode).toBe(200);
    expect((await subject.app.inject({ url: '/api/audit-only', headers: as('admin') })).statusCode).toBe(200);
    expect(subject.lines.filter((line) => line.securityEvent === 'forbidden').length).toBeGreaterThanOrEqual(3);
  });

  it('answers 429 with Retry-After and one security line once a limit is used, after the body is checked', async () => {
    const bad = await subject.app.inject({ method: 'POST', url: '/api/limited', headers: json, payload: '{}' });
    expect(bad.statusCode).toBe(400);
    expect(subject.seen.limitChecks).toBe(0);
    const first = await subject.app.inject({ method: 'POST', url: '/api/limited', headers: json, payload: '{"name":"Ada"}' });
    expect(first.statusCode).toBe(200);
    const second = await subject.app.inject({ method: 'POST', url: '/api/limited', headers: json, payload: '{"name":"Ada"}' });
    expect([second.statusCode, second.headers['retry-after'], typeof second.json().message]).toEqual([429, '42', 'string']);
    expect(subject.lines.filter((line) => line.securityEvent === 'rate_limited')).toEqual([
      expect.objectContaining({ reason: 'test-limit', route: '/api/limited' }),
    ]);
  });

  it('refuses visitors on an /api route that declares no access, and lists it', async () => {
    expect((await subject.app.inject({ url: '/api/undeclared' })).statusCode).toBe(401);
    expect((await subject.app.inject({ url: '/api/undeclared', headers: as('member') })).statusCode).toBe(200);
    expect((await subject.app.inject({ url: '/outside-api' })).statusCode).toBe(200);
    expect(routesWithoutAccess(subject.routes)).toEqual(['GET /api/undeclared', 'HEAD /api/undeclared']);
  });
});
