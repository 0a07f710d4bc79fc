import { randomBytes, createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration } from '../../../test-support/http-client';
import { openLive } from '../../../test-support/live-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, newMember, subscribe, topicBody, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

const MISSING = '00000000-0000-4000-8000-000000000000';
const PASSWORD = registration().password;

describe('roles and bans (issue #13 item 5)', () => {
  let server: TestServer;
  let admin: Member;
  let layla: Member;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, layla] = [await newMember(server, 'Amal'), await newMember(server, 'Layla')];
    await makeAdmin(server, admin);
  });
  afterAll(async () => server?.close());

  const as = (who: Member | TestClient) => ('browser' in who ? who.browser : who);
  const grant = (who: Member | TestClient, userId: string, body: unknown) => as(who).json('POST', `/api/admin/users/${userId}/roles`, body);
  const revoke = (who: Member | TestClient, userId: string, role: string, body?: unknown) =>
    as(who).json('DELETE', `/api/admin/users/${userId}/roles/${role}`, body);
  const ban = (who: Member | TestClient, userId: string, body: unknown) => as(who).json('POST', `/api/admin/users/${userId}/ban`, body);
  const unban = (who: Member | TestClient, userId: string, body?: unknown) => as(who).json('POST', `/api/admin/users/${userId}/unban`, body);
  const eventsOf = (type: string, userId: string) =>
    server.query<{ stream_id: string; data: any; metadata: any }>(
      `select stream_id, data, metadata from events where type = $1 and data->>'userId' = $2 order by global_position`,
      [type, userId],
    );
  const signIn = (email: string, password = PASSWORD) => new TestClient(server.baseUrl).json('POST', '/api/email-auth/login', { email, password });
  const rolesOf = async (member: Member) =>
    (
      await eventually(
        () => admin.browser.json('GET', `/api/admin/users?search=${encodeURIComponent(member.email)}`),
        (answer) => answer.status === 200,
      )
    ).body.users[0].roles;

  it('answers every admin route 401 for visitors and 403 for members, whatever the body', async () => {
    const visitor = new TestClient(server.baseUrl);
    for (const who of [visitor, layla.browser]) {
      const expected = who === visitor ? { status: 401, body: { message: 'Unauthorized' } } : { status: 403, body: { message: 'Admin access required' } };
      expect(await grant(who, admin.userId, { role: 'admin' })).toEqual(expected);
      expect(await grant(who, admin.userId, { role: 'nonsense' })).toEqual(expected);
      expect(await revoke(who, admin.userId, 'admin')).toEqual(expected);
      expect(await ban(who, admin.userId, { reason: 'Coup' })).toEqual(expected);
      expect(await ban(who, admin.userId, {})).toEqual(expected);
      expect(await unban(who, admin.userId, {})).toEqual(expected);
    }
    expect(await eventsOf('UserBanned', admin.userId)).toEqual([]);
    expect(await rolesOf(admin)).toEqual(['admin']);
  });

  it('grants and revokes roles as events naming the admin and the reason; refuses a held role, a missing one and an unknown member', async () => {
    const omar = await newMember(server, 'Omar');
    const granted = await grant(admin, omar.userId, { role: 'auditor', reason: '  Quarterly audit  ' });
    expect(granted).toEqual({ status: 200, body: { position: expect.any(String), userId: omar.userId, roles: ['auditor'] } });
    const [event] = await eventsOf('UserRoleGranted', omar.userId);
    expect(event).toMatchObject({
      stream_id: `user-${omar.userId}`,
      data: { userId: omar.userId, role: 'auditor', grantedBy: admin.userId, reason: 'Quarterly audit' },
      metadata: { actorId: admin.userId },
    });
    admin.browser.position = granted.body.position;
    expect(await rolesOf(omar)).toEqual(['auditor']);

    expect(await grant(admin, omar.userId, { role: 'auditor' })).toEqual({ status: 409, body: { message: 'This member already has the auditor role.' } });
    expect(await revoke(admin, omar.userId, 'admin')).toEqual({ status: 409, body: { message: 'This member does not have the admin role.' } });
    expect(await grant(admin, omar.userId, { role: 'superuser' })).toEqual({ status: 400, body: { message: 'Please choose a role: admin or auditor' } });
    expect(await grant(admin, omar.userId, {})).toEqual({ status: 400, body: { message: 'Please choose a role: admin or auditor' } });
    expect(await revoke(admin, omar.userId, 'superuser')).toEqual({ status: 400, body: { message: 'Please choose a role: admin or auditor' } });
    expect(await grant(admin, omar.userId, { role: 'admin', reason: 'x'.repeat(501) })).toEqual({
      status: 400,
      body: { message: 'Reason must be at most 500 characters' },
    });
    for (const missing of [MISSING, 'not-a-member']) {
      expect(await grant(admin, missing, { role: 'auditor' })).toEqual({ status: 404, body: { message: 'Member not found' } });
      expect(await ban(admin, missing, { reason: 'Spam' })).toEqual({ status: 404, body: { message: 'Member not found' } });
    }

    const revoked = await revoke(admin, omar.userId, 'auditor', { reason: 'Audit done' });
    expect(revoked).toEqual({ status: 200, body: { position: expect.any(String), userId: omar.userId, roles: [] } });
    expect((await eventsOf('UserRoleRevoked', omar.userId))[0]).toMatchObject({ data: { role: 'auditor', revokedBy: admin.userId, reason: 'Audit done' } });
    // Without a body too (DELETE may carry none).
    await grant(admin, omar.userId, { role: 'auditor' });
    expect((await revoke(admin, omar.userId, 'auditor')).status).toBe(200);
  });

  it('refuses to remove the last admin; with a second admin the first may step down', async () => {
    expect(await revoke(admin, admin.userId, 'admin')).toEqual({
      status: 409,
      body: { message: 'The last admin cannot be removed: grant the admin role to someone else first.' },
    });
    const second = await newMember(server, 'Sara');
    const granted = await grant(admin, second.userId, { role: 'admin', reason: 'Co-moderator' });
    expect(granted.status).toBe(200);
    second.browser.position = granted.body.position;
    await eventually(
      () => second.browser.json('GET', '/api/auth/user'),
      (answer) => answer.body.isAdmin === true,
    );
    // Counted from the read model: wait until it shows the second admin.
    await eventually(
      () => rolesOf(second),
      (roles) => roles.includes('admin'),
    );
    const stepDown = await revoke(second, second.userId, 'admin', { reason: 'Handing over' });
    expect(stepDown).toEqual({ status: 200, body: { position: expect.any(String), userId: second.userId, roles: [] } });
    // Sara is a member again once the read model the admin check reads shows it (milliseconds).
    await eventually(
      () => rolesOf(second),
      (roles) => !roles.includes('admin'),
    );
    expect(await ban(second, layla.userId, { reason: 'Spam' })).toEqual({ status: 403, body: { message: 'Admin access required' } });
  });

  it('refuses a ban without a reason and a self-ban', async () => {
    for (const body of [{}, { reason: '' }, { reason: '   \n ' }, { reason: 42 }]) {
      expect(await ban(admin, layla.userId, body)).toEqual({ status: 400, body: { message: 'Please give a reason for the ban.' } });
    }
    expect(await ban(admin, admin.userId, { reason: 'Testing' })).toEqual({ status: 403, body: { message: 'You cannot ban yourself.' } });
    expect(await eventsOf('UserBanned', layla.userId)).toEqual([]);
    expect(await eventsOf('UserBanned', admin.userId)).toEqual([]);
  });

  it('a ban ends the member\u2019s open sessions and sockets at once, refuses their sign-in with the reason, and lifting it lets them in again', async () => {
    const noura = await newMember(server, 'Noura');
    const otherDevice = new TestClient(server.baseUrl);
    expect((await otherDevice.json('POST', '/api/email-auth/login', { email: noura.email, password: PASSWORD })).status).toBe(200);
    const socket = await openLive(server.baseUrl, { cookie: noura.browser.cookieHeader, origin: server.baseUrl });

    const banned = await ban(admin, noura.userId, { reason: 'Spam in every topic' });
    expect(banned).toEqual({ status: 200, body: { position: expect.any(String), userId: noura.userId, isBanned: true, banReason: 'Spam in every topic' } });
    expect((await eventsOf('UserBanned', noura.userId))[0]).toMatchObject({
      data: { reason: 'Spam in every topic', bannedBy: admin.userId },
      metadata: { actorId: admin.userId },
    });
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Session ended' });
    for (const device of [noura.browser, otherDevice]) {
      expect((await device.json('GET', '/api/auth/user')).status).toBe(401);
      expect((await device.json('POST', '/api/topics', topicBody(ISLAM))).status).toBe(401);
    }

    // The reason is told to whoever knows the password only.
    expect(await signIn(noura.email)).toEqual({ status: 403, body: { message: 'Your account is suspended: Spam in every topic' } });
    expect(await signIn(noura.email, 'not the password at all')).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
    // Public pages still read.
    expect((await new TestClient(server.baseUrl).json('GET', '/api/groups')).status).toBe(200);
    expect(await ban(admin, noura.userId, { reason: 'Again' })).toEqual({ status: 409, body: { message: 'This member is already banned.' } });
    admin.browser.position = banned.body.position;
    const listed = (await admin.browser.json('GET', `/api/admin/users?search=${encodeURIComponent(noura.email)}`)).body.users[0];
    expect(listed).toMatchObject({ isBanned: true, banReason: 'Spam in every topic', bannedAt: expect.any(String) });

    const lifted = await unban(admin, noura.userId, { reason: 'Appeal accepted' });
    expect(lifted).toEqual({ status: 200, body: { position: expect.any(String), userId: noura.userId, isBanned: false, banReason: null } });
    expect((await eventsOf('UserUnbanned', noura.userId))[0]).toMatchObject({ data: { reason: 'Appeal accepted', unbannedBy: admin.userId } });
    expect(await unban(admin, noura.userId)).toEqual({ status: 409, body: { message: 'This member is not banned.' } });
    const back = new TestClient(server.baseUrl);
    expect((await back.json('POST', '/api/email-auth/login', { email: noura.email, password: PASSWORD })).status).toBe(200);
    await subscribe({ ...noura, browser: back }, server);
    expect((await back.json('POST', '/api/topics', topicBody(ISLAM))).status).toBe(201);
  });

  /** A session that slipped past a ban (a sign-in racing it), written as the session store writes one. */
  async function sessionPastTheBan(member: Member): Promise<TestClient> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date().toISOString();
    await server.query(`insert into sessions (sid, sess, expire) values ($1, $2, now() + interval '1 hour')`, [
      createHash('sha256').update(token).digest('hex'),
      JSON.stringify({ userId: member.userId, createdAt: now, lastSeenAt: now }),
    ]);
    const client = new TestClient(server.baseUrl);
    client.cookies.set(member.browser.session.name, token);
    return client;
  }

  it('refuses every command of a banned member who still holds a session with 403 and the reason, and lets them read', async () => {
    const fahad = await newMember(server, 'Fahad');
    await subscribe(fahad, server);
    const banned = await ban(admin, fahad.userId, { reason: 'Harassment' });
    expect(banned.status).toBe(200);
    const slipped = await sessionPastTheBan(fahad);
    // A session made by hand has no writes of its own to wait for: it reads after the ban as its admin did.
    slipped.position = banned.body.position;
    const suspended = { status: 403, body: { message: 'Your account is suspended: Harassment' } };
    expect(await slipped.json('POST', '/api/topics', topicBody(ISLAM))).toEqual(suspended);
    expect(await slipped.json('POST', '/api/chat/messages', { topicId: MISSING, message: 'Hello' })).toEqual(suspended);
    expect(await slipped.json('POST', '/api/feedback/suggestion', { type: 'other', content: 'Unban me' })).toEqual(suspended);
    // Refused before the body is looked at.
    expect(await slipped.json('POST', '/api/topics', { nonsense: true })).toEqual(suspended);
    expect((await slipped.json('GET', '/api/auth/user')).body).toMatchObject({ id: fahad.userId, isBanned: true, banReason: 'Harassment' });
    expect((await slipped.json('POST', '/api/logout', {})).status).toBe(200);
  });

  it('lets an admin ban another admin, who then cannot act', async () => {
    const rogue = await newMember(server, 'Rogue');
    await makeAdmin(server, rogue);
    const banned = await ban(admin, rogue.userId, { reason: 'Abused the panel' });
    expect(banned.status).toBe(200);
    expect(await signIn(rogue.email)).toEqual({ status: 403, body: { message: 'Your account is suspended: Abused the panel' } });
    // Nor can a session that slipped past the ban read the panel's data: the role stays on record, unused.
    const slipped = await sessionPastTheBan(rogue);
    slipped.position = banned.body.position;
    expect(await slipped.json('GET', '/api/admin/reports')).toEqual({ status: 403, body: { message: 'Your account is suspended: Abused the panel' } });
    // The trail has the ban, with who and why.
    admin.browser.position = banned.body.position;
    const trail = await admin.browser.json('GET', `/api/admin/audit?subjectType=member&subjectId=${rogue.userId}`);
    expect(trail.body.entries[0]).toMatchObject({
      kind: 'member.banned',
      actor: { id: admin.userId, name: 'Amal Lovelace' },
      subject: { id: rogue.userId },
      reason: 'Abused the panel',
    });
  });
});
