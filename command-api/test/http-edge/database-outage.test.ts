import { DEFAULT_NOTIFICATION_PREFERENCES } from '@civitas/events';
import { OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from '@civitas/service-kit';
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration } from '../../../test-support/http-client';
import { registerMember, type RegisteredMember } from '../../../test-support/members';
import { startTcpCut, type TcpCut } from '../../../test-support/tcp-cut';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { startTestServer, type TestServer } from '../../../test-support/test-server';

/** An answer as the client saw it: status, Retry-After and the body. */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

const answerOf = async (response: Response): Promise<Answer> => ({
  status: response.status,
  retryAfter: response.headers.get('retry-after'),
  body: await response.json().catch(() => null),
});

/** Asks for the /ws upgrade as a browser does; a refused upgrade is an ordinary HTTP answer. */
function upgradeAnswer(baseUrl: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/ws`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        origin: new URL(baseUrl).origin,
        cookie,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, retryAfter: null, body: null });
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
          body: JSON.parse(text || 'null'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('while the database is away (issue 38, finding 9)', () => {
  let database: TestDatabase;
  let cut: TcpCut;
  let server: TestServer;
  let member: RegisteredMember;
  const lines: Array<Record<string, any>> = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const said = (message: string) => lines.filter((line) => line.msg === message);

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    cut = await startTcpCut({ host: target.hostname, port: Number(target.port || 5432) });
    // Every connection of the platform (pools, listeners, locks) goes through the proxy the test cuts.
    server = await startTestServer({ database: { url: cut.through(database.url), drop: async () => undefined }, logStream, env: { LOG_LEVEL: 'info' } });
    member = await registerMember(server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
    await cut?.close();
    await database?.drop();
  });

  const quiet = { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: false };
  const password = registration().password;
  /** A write, a public read, a signed-in read, sign-in and the live socket's upgrade. */
  const requests = {
    write: async () => answerOf(await member.client.request('PUT', '/api/user/notification-preferences', quiet)),
    publicRead: async () => answerOf(await new TestClient(server.baseUrl).get('/api/groups')),
    signedInRead: async () => answerOf(await member.client.get('/api/auth/user')),
    signIn: async () => answerOf(await new TestClient(server.baseUrl).post('/api/email-auth/login', { email: member.email, password })),
    liveUpgrade: () => upgradeAnswer(server.baseUrl, member.client.cookieHeader),
  };

  it('answers 503 with Retry-After and a message, logs the outage once without stack traces, and recovers by itself', async () => {
    // Reads wait for the member's own writes by default; none is pending when the cut comes.
    member.client.position = null;
    await cut.cut();
    const during: Record<string, Answer> = {};
    // Twice each: the second round shows the outage is still logged once.
    for (let round = 0; round < 2; round += 1) {
      for (const [name, send] of Object.entries(requests)) during[name] = await send();
    }
    for (const [name, answer] of Object.entries(during)) {
      expect(answer, name).toEqual({ status: 503, retryAfter: String(OUTAGE_RETRY_AFTER_SECONDS), body: { message: OUTAGE_MESSAGE } });
    }
    // healthz says what it always said of a lost database.
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { checks: Record<string, boolean> }).checks.database).toBe(false);
    // A few of the background loops' retries (projector, reactors) pass meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(said('database unavailable')).toHaveLength(1);
    expect(lines.filter((line) => line.err !== undefined || JSON.stringify(line).includes('    at '))).toEqual([]);
    expect(said('request failed')).toEqual([]);

    await cut.restore();
    const after: Record<string, number> = {};
    for (const [name, send] of Object.entries(requests)) after[name] = (await send()).status;
    expect(after).toEqual({ write: 200, publicRead: 200, signedInRead: 200, signIn: 200, liveUpgrade: 101 });
    expect(said('database available again')).toHaveLength(1);
    expect(said('database unavailable')).toHaveLength(1);
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
  });
});
