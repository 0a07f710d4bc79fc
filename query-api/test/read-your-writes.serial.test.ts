import { userStream } from '@civitas/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { groupCreated, roleGranted } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const AHEAD_OF_EVERYTHING = '7fffffffffffffff-7fffffffffffffff';

describe('read-your-writes (X-Civitas-Position)', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers a read at once when the projections it reads have reached the position', async () => {
    const position = await query.record(groupCreated(2, { name: 'Islam' }));
    const started = Date.now();
    const answer = await query.get('/api/groups/2', { position });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 2, name: 'Islam' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never answers a read without a write whose position it was sent', async () => {
    const position = await query.append(groupCreated(3, { name: 'Christianity' }));
    // The wait covers the projector's lag; a 503 (a busy shared server) is retried, as the web client does.
    const answer = await eventually(
      () => query.get('/api/groups/3', { position }),
      (reply) => reply.statusCode !== 503,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 3, name: 'Christianity' });
  });

  it('refuses a malformed position with 400 JSON', async () => {
    for (const position of ['12', 'not-a-position', '0000000000000001-000000000000000G']) {
      const answer = await query.get('/api/groups', { position });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'X-Civitas-Position is not a position' });
    }
  });

  it('waits for a position the projections have not reached, then answers 503 with Retry-After', async () => {
    const started = Date.now();
    const answer = await query.get('/api/groups', { position: '7fffffffffffffff-7fffffffffffffff' });
    const waited = Date.now() - started;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({ message: 'The data is still being updated; please retry shortly.' });
    // docs/decisions.md: up to 2 s, then 503.
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(5000);
  });

  it('ignores the position on a route that reads no read model', async () => {
    const answer = await query.get('/api/payments/providers', { position: 'not-a-position' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ providers: [{ id: 'sandbox', label: 'Sandbox (no real payment)' }] });
  });
});

describe('read-your-writes by session (the session\u2019s last command, no header needed)', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  const AHEAD = '7fffffffffffffff-7fffffffffffffff';
  const tokenOf = (cookie: string) => cookie.split('=')[1]!;

  it('waits for the session\u2019s recorded position without any header, then 503; visitors and other sessions do not wait', async () => {
    const position = await query.record(groupCreated(4, { name: 'Judaism' }));
    const member = await query.member('Sara');
    await query.auth.sessions.notePosition(tokenOf(member.cookie), position);
    expect((await query.get('/api/groups/4', { as: member })).statusCode).toBe(200);

    await query.auth.sessions.notePosition(tokenOf(member.cookie), AHEAD);
    const started = Date.now();
    const answer = await query.get('/api/groups/4', { as: member });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // The higher of the two wins: a header the projections reached does not lower the session's.
    expect((await query.get('/api/groups/4', { as: member, position })).statusCode).toBe(503);
    // A route that reads no read model never waits.
    expect((await query.get('/api/payments/providers', { as: member })).statusCode).toBe(200);

    const quick = Date.now();
    expect((await query.get('/api/groups/4')).statusCode).toBe(200);
    expect((await query.get('/api/groups/4', { as: await query.member('Omar') })).statusCode).toBe(200);
    expect(Date.now() - quick).toBeLessThan(1000);
  });

  it('moves a session\u2019s position only forward', async () => {
    const member = await query.member('Lina');
    const token = tokenOf(member.cookie);
    await query.auth.sessions.notePosition(token, '0000000000000abc-00000000000000f0');
    await query.auth.sessions.notePosition(token, '0000000000000abb-ffffffffffffffff');
    expect((await query.auth.sessions.resolve(token))?.position).toBe('0000000000000abc-00000000000000f0');
    await query.auth.sessions.notePosition(token, '0000000000000abc-00000000000000f1');
    expect((await query.auth.sessions.resolve(token))?.position).toBe('0000000000000abc-00000000000000f1');
  });
});

describe('read-your-writes on admin and auditor routes: the member\u2019s standing as of the position', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('refuses a just-banned admin whose read names the ban\u2019s position, though the users projection had not applied it yet', async () => {
    const [admin, other] = [await query.member('Rana'), await query.member('Hind')];
    await query.record(roleGranted(admin.id, 'admin'), roleGranted(other.id, 'admin'));
    // Hold the projector's next batch at its checkpoint update, so the ban is stored but not yet projected.
    const holder = await query.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select 1 from read_model.projection_checkpoints where name = 'users' for update`.execute(connection);
      const position = await query.append({
        type: 'UserBanned',
        streamId: userStream(admin.id),
        data: { userId: admin.id, reason: 'Abused the panel', bannedBy: other.id },
      });
      const reading = query.get('/api/admin/reports', { as: admin, position });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`rollback`.execute(connection);
      return reading;
    });
    expect({ status: holder.statusCode, body: holder.json() }).toEqual({ status: 403, body: { message: 'Your account is suspended: Abused the panel' } });
  });

  it('refuses a visitor with 401 at once, whatever position it names', async () => {
    const started = Date.now();
    const answer = await query.get('/api/admin/audit', { position: AHEAD_OF_EVERYTHING });
    expect(answer.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
