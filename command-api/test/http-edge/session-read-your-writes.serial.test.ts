import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { startCommandApiReplica } from './command-api-replica';

/** curl or another app: it keeps the session cookie and nothing else, never X-Civitas-Position. */
class PlainClient extends TestClient {
  override async request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
    this.position = null;
    const response = await super.request(method, path, body, headers);
    this.position = null;
    return response;
  }
}

const tokenOf = (link: string) => link.split('/').pop()!;
const DAY = 86_400_000;
const NOT_YET = { message: 'The data is still being updated; please retry shortly.' };

describe('read-your-writes by session (no X-Civitas-Position)', () => {
  let server: TestServer;
  let replica: Awaited<ReturnType<typeof startCommandApiReplica>>;
  // An owner sends at most 50 invitations a day: the clock moves a day after every 50. Sessions outlive the journey.
  let clock = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env: { SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' } });
    replica = await startCommandApiReplica(server.databaseUrl);
  });
  afterAll(async () => {
    await replica?.close();
    await server?.close();
  });

  const signUp = async () => {
    const client = new PlainClient(server.baseUrl);
    expect((await client.json('POST', '/api/email-auth/register', registration())).status).toBe(201);
    return client;
  };
  const familyOf = async (client: TestClient) => {
    // Sign-up's own events: the first read after it already waits for them.
    const groups = await client.json<Array<{ role: string; group: { id: number; department: string } }>>('GET', '/api/user/groups');
    expect(groups.status).toBe(200);
    return groups.body.find((membership) => membership.role === 'owner' && membership.group.department === 'family')!.group.id;
  };

  it('creates a family invitation, then reads it by token at once: 200, 200 times without a miss', async () => {
    const owner = await signUp();
    const family = await familyOf(owner);
    const statuses = new Map<number, number>();
    for (let round = 0; round < 200; round += 1) {
      if (round > 0 && round % 50 === 0) clock += DAY;
      const email = uniqueEmail('cousin');
      const sent = await owner.json('POST', '/api/family/invite', { email });
      expect(sent.status).toBe(201);
      const read = await owner.json('GET', `/api/family/invite/${tokenOf(sent.body.invitationLink)}`);
      statuses.set(read.status, (statuses.get(read.status) ?? 0) + 1);
      if (read.status === 200) expect(read.body).toMatchObject({ email, groupId: family, status: 'pending' });
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 200 });
  }, 120_000);

  it('holds across processes: written through a command-api replica, read through the other process', async () => {
    const owner = await signUp();
    await familyOf(owner);
    const elsewhere = new PlainClient(replica.baseUrl);
    for (const [name, value] of owner.cookies) elsewhere.cookies.set(name, value);
    for (let round = 0; round < 50; round += 1) {
      const sent = await elsewhere.json('POST', '/api/family/invite', { email: uniqueEmail('colleague') });
      expect(sent.status).toBe(201);
      expect((await owner.json('GET', `/api/family/invite/${tokenOf(sent.body.invitationLink)}`)).status).toBe(200);
    }
  }, 60_000);

  it('keeps the position on the session only forward and drops it with the session at logout', async () => {
    const owner = await signUp();
    await familyOf(owner);
    const positions = async () => (await server.query<{ position: string | null }>('select position from session_positions')).map((row) => row.position);
    const before = new Set(await positions());
    const sent = await owner.json('POST', '/api/family/invite', { email: uniqueEmail('aunt') });
    expect((await positions()).filter((position) => !before.has(position))).toEqual([sent.body.position]);
    expect((await owner.json('POST', '/api/logout', {})).status).toBe(200);
    expect(await positions()).not.toContain(sent.body.position);
  });

  it('answers 503 with Retry-After after about 2 s while the projector is held back; visitors do not wait', async () => {
    const owner = await signUp();
    await familyOf(owner);
    // Writes to the invitations read model wait behind this lock: the projector falls behind from here on.
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table read_model.invitations in exclusive mode');
      const sent = await owner.json('POST', '/api/family/invite', { email: uniqueEmail('uncle') });
      expect(sent.status).toBe(201);
      const path = `/api/family/invite/${tokenOf(sent.body.invitationLink)}`;

      const started = Date.now();
      const waited = await owner.get(path);
      const elapsed = Date.now() - started;
      expect(waited.status).toBe(503);
      expect(waited.headers.get('retry-after')).toBe('1');
      expect(await waited.json()).toEqual(NOT_YET);
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(5000);

      // Signed out: no session, no wait; the invitation is simply not there yet.
      const visitorStarted = Date.now();
      expect((await new PlainClient(server.baseUrl).json('GET', path)).status).toBe(404);
      expect(Date.now() - visitorStarted).toBeLessThan(1000);
      // A route that reads no read model does not wait either.
      expect((await owner.json('GET', '/api/payments/providers')).status).toBe(200);

      await holder.query('commit');
      expect((await owner.json('GET', path)).status).toBe(200);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
  }, 30_000);
});
