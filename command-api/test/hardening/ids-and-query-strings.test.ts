import { userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import type { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from '../participation/members';
import { makeAdmin, recordFacts } from '../moderation/moderation-members';

/**
 * Every route of both apps, read from the OpenAPI document (so a new route is covered the day it
 * is added): every path parameter gets the ids an attacker would try against an int4 or uuid
 * column, every query-string field the characters PostgreSQL cannot store. Each answer is a 4xx
 * with a JSON `{ message }`, never a 500 (docs/decisions.md, Ids and numbers).
 */

const UUID = '00000000-0000-4000-8000-000000000000';
/** Past int4, far past it, negative, zero, exponent and hex forms, NUL, a lone UTF-8 lead byte, 10,000 characters, a uuid one letter off. */
const HOSTILE_SEGMENTS = [
  '2147483648',
  '99999999999',
  '99999999999999999999',
  '-1',
  '0',
  '1e3',
  '0x1',
  '1.5',
  '%00',
  '%C0',
  'a'.repeat(10_000),
  '00000000-0000-4000-8000-00000000000g',
  `${UUID}0`,
  '%ED%A0%80',
];
/** Characters the text rule refuses: NUL, escape, a C1 control, a bidi override. */
const FORBIDDEN_QUERY_VALUES = ['%00', '%1B', '%C2%9B', '%E2%80%AE'];
/**
 * A lone surrogate as the bytes it would be (CESU-8), a lone continuation byte: not UTF-8, so the
 * query parser keeps them as typed ('%ED%A0%80', harmless text); and numbers no count can be.
 * Any answer but a 5xx will do for these (a search may well look for '%80').
 */
const ODD_QUERY_VALUES = ['%ED%A0%80', '%80', '1e400', '-1', '99999999999999999999', '0x1', '1.5', ' 1', '%5B1%5D'];

interface Documented {
  method: string;
  path: string;
  params: string[];
  query: string[];
}

interface Answer {
  status: number;
  type: string;
  body: any;
}

async function send(browser: TestClient, method: string, path: string): Promise<Answer> {
  const response = await fetch(`${browser.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), cookie: browser.cookieHeader },
    body: method === 'GET' ? undefined : '{}',
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, body: type.includes('application/json') ? JSON.parse(text) : text.slice(0, 200) };
}

const isCleanRefusal = (answer: Answer) =>
  answer.status >= 400 && answer.status < 500 && answer.type.includes('application/json') && typeof answer.body?.message === 'string';
/** A sign-in callback is a browser navigation: it refuses by sending the person to the error page (the OIDC routes' rule). */
const isNavigationRefusal = (route: Documented, answer: Answer) => /\/callback$/.test(route.path) && answer.status === 302;

describe('ids and query strings: hostile values on every route', () => {
  let server: TestServer;
  let admin: Member;
  let citizen: Member;
  let routes: Documented[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await makeAdmin(server, await newMember(server, 'Admin'));
    citizen = await newMember(server, 'Layla');
    expect((await verify(citizen, SAUDI_ARABIA.name, '3330001111')).status).toBe(200);
    await subscribe(citizen, server);
    const documented = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    routes = Object.entries(documented.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      })),
    );
  });
  afterAll(async () => server?.close());

  /** The path with one parameter set to a value and every other to a well-formed filler. */
  const fill = (route: Documented, values: Record<string, string>, filler: string) =>
    route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? filler);

  it('answers hostile path ids on every route with a JSON 4xx, as an admin', { timeout: 120_000 }, async () => {
    const withParams = routes.filter((route) => route.params.length > 0);
    expect(withParams.length).toBeGreaterThan(40);
    const unclean: string[] = [];
    for (const route of withParams) {
      for (const param of route.params) {
        for (const value of HOSTILE_SEGMENTS) {
          for (const filler of ['1', UUID]) {
            const path = fill(route, { [param]: value }, filler);
            const answer = await send(admin.browser, route.method, path);
            if (!isCleanRefusal(answer))
              unclean.push(`${route.method} ${route.path} ${param}=${value.slice(0, 40)} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
          }
        }
      }
    }
    expect(unclean).toEqual([]);
  });

  it('answers hostile characters in every query-string field with a JSON 4xx, as an admin', { timeout: 60_000 }, async () => {
    const withQuery = routes.filter((route) => route.query.length > 0);
    expect(withQuery.length).toBeGreaterThan(10);
    const unclean: string[] = [];
    for (const route of withQuery) {
      for (const field of route.query) {
        for (const value of [...FORBIDDEN_QUERY_VALUES, ...ODD_QUERY_VALUES]) {
          for (const filler of ['1', UUID]) {
            const path = `${fill(route, {}, filler)}?${field}=${value}`;
            const answer = await send(admin.browser, route.method, path);
            const clean = FORBIDDEN_QUERY_VALUES.includes(value)
              ? isCleanRefusal(answer) || isNavigationRefusal(route, answer)
              : answer.status < 500 && (answer.status < 400 || isCleanRefusal(answer));
            if (!clean)
              unclean.push(`${route.method} ${route.path}?${field}=${value} (${filler}) -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
          }
        }
      }
    }
    expect(unclean).toEqual([]);
  });

  it('refuses a group id that is not a JSON number, and accepts the number', async () => {
    const topics = async () => Number((await server.query<{ count: string }>("select count(*) from events where type = 'TopicCreated'"))[0]!.count);
    const before = await topics();
    for (const groupId of [
      true,
      '1',
      String(SAUDI_ARABIA.groupId),
      [1],
      [SAUDI_ARABIA.groupId],
      '0x1',
      `0x${SAUDI_ARABIA.groupId.toString(16)}`,
      ' 1682',
      1.5,
      0,
      2_147_483_648,
      null,
    ]) {
      const answer = await citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { groupId }));
      expect({ groupId, ...answer }).toEqual({ groupId, status: 400, body: { message: 'Please select a group' } });
    }
    expect(await topics()).toBe(before);
    expect((await citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).status).toBe(201);
  });

  it('reads a group id in a command path as plain decimal digits only (0x…, 1e…, +…, padded: a 404 like a missing group)', async () => {
    const hex = `0x${SAUDI_ARABIA.groupId.toString(16)}`;
    for (const id of [hex, `${SAUDI_ARABIA.groupId}e0`, `%2B${SAUDI_ARABIA.groupId}`, `0${SAUDI_ARABIA.groupId}`, `%20${SAUDI_ARABIA.groupId}`]) {
      const answer = await citizen.browser.json('POST', `/api/groups/${id}/main-election`, {});
      expect({ id, ...answer }).toEqual({ id, status: 404, body: { message: 'Group not found' } });
    }
  });

  it('refuses numbers written as strings in other bodies too', async () => {
    const search = await citizen.browser.json('POST', '/api/delegates/search', { username: 'Ada', groupId: String(SAUDI_ARABIA.groupId) });
    expect(search.status).toBe(400);
    const report = await citizen.browser.json('POST', '/api/leader-reports', {
      reportedUserId: admin.userId,
      groupId: [SAUDI_ARABIA.groupId],
      reason: 'Harassment',
      description: 'Insults in the chat.',
    });
    expect(report.status).toBe(400);
  });

  it('answers a group export past int4 with a 404, not a 500, to an auditor', async () => {
    const auditor = await newMember(server, 'Auditor');
    auditor.browser.position = await recordFacts(server, [
      { streamId: userStream(auditor.userId), type: 'UserRoleGranted', data: { userId: auditor.userId, role: 'auditor' } },
    ]);
    await eventually(
      () => auditor.browser.json('GET', '/api/auth/user'),
      (answer) => answer.body.roles?.includes('auditor') === true,
    );
    for (const id of ['2147483648', '99999999999']) {
      const answer = await auditor.browser.json('GET', `/api/audit/groups/${id}/export`);
      expect({ id, ...answer }).toEqual({ id, status: 404, body: { message: 'Group not found' } });
    }
    expect((await auditor.browser.json('GET', '/api/audit/groups/2147483647/export')).status).toBe(404);
  });

  it('reads numbers in query strings and count paths as plain decimal digits only', async () => {
    for (const value of ['1e1', '0x10', '-1', '1.5', '%2B2', '%202', '99999999999999999999', '1e400', '']) {
      for (const path of [
        `/api/audit/log/export?since=${value}`,
        `/api/audit/proofs/consistency?from=${value}&to=5`,
        `/api/audit/topics/${UUID}/timeline?points=${value}`,
        `/api/audit/checkpoints/${value || '%20'}`,
        `/api/leader-reports?groupId=${value}`,
      ]) {
        const answer = await send(admin.browser, 'GET', path);
        expect({ path, status: answer.status, message: typeof answer.body?.message }).toEqual({ path, status: 400, message: 'string' });
      }
    }
  });

  it('refuses a NUL in the admin member search with a 400', async () => {
    const answer = await send(admin.browser, 'GET', '/api/admin/users?search=%00');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { message: 'Search contains characters that are not allowed' } });
    expect((await send(admin.browser, 'GET', '/api/admin/users?search=Ada')).status).toBe(200);
  });
});
