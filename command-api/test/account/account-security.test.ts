import {
  ACCOUNT_SECURITY_ALWAYS_ON,
  CURRENT_PASSWORD_REQUIRED,
  DEFAULT_NOTIFICATION_PREFERENCES,
  OTHER_SESSIONS_ENDED,
  PASSWORD_CHANGED,
  PASSWORD_TOO_SHORT,
  WRONG_CURRENT_PASSWORD,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { openLive } from '../../../test-support/live-client';
import { readMails } from '../../../test-support/mail-folder';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { TOO_MANY_ATTEMPTS } from '../../src/lib/rate-limiters';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';

describe('the Settings dialog: password, sessions and e-mail notifications', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  /** A member with a session in each of `browsers` browsers (the first one registered). */
  async function memberWithSessions(browsers = 2) {
    const email = uniqueEmail();
    const first = new TestClient(server.baseUrl);
    const registered = await first.json('POST', '/api/email-auth/register', registration(email, PASSWORD));
    expect(registered.status).toBe(201);
    const others = [];
    for (let index = 1; index < browsers; index += 1) {
      const other = new TestClient(server.baseUrl);
      expect((await other.post('/api/email-auth/login', { email, password: PASSWORD })).status).toBe(200);
      others.push(other);
    }
    return { email, userId: registered.body.user.id as string, first, others };
  }
  // A 503 is the read model catching up with the session's own writes (a busy machine): asked again, as the web client does.
  const signedIn = async (browser: TestClient) =>
    (
      await eventually(
        () => browser.get('/api/auth/user'),
        (response) => response.status !== 503,
      )
    ).status === 200;

  describe('POST /api/user/password', () => {
    it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
      const {
        email,
        userId,
        first,
        others: [second],
      } = await memberWithSessions(2);
      const changed = await first.json('POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed).toEqual({
        status: 200,
        body: { position: expect.stringMatching(/^[0-9a-f]{16}-[0-9a-f]{16}$/), message: PASSWORD_CHANGED, otherSessionsEnded: 1 },
      });
      expect(await signedIn(first)).toBe(true);
      expect(await signedIn(second!)).toBe(false);
      expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email, password: PASSWORD })).status).toBe(401);
      expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
      const events = await server.query<{ data: { reason: string; passwordHash: string } }>(
        `select data from events where type = 'UserPasswordChanged' and stream_id = $1`,
        [`user-${userId}`],
      );
      expect(events.map((event) => event.data.reason)).toEqual(['change']);
      // Only its argon2id hash is kept, never the password.
      expect(events[0]!.data.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a wrong current password with 403, changing nothing and ending no session', async () => {
      const {
        email,
        first,
        others: [second],
      } = await memberWithSessions(2);
      expect(await first.json('POST', '/api/user/password', { currentPassword: 'not my password', newPassword: NEW_PASSWORD })).toEqual({
        status: 403,
        body: { message: WRONG_CURRENT_PASSWORD },
      });
      expect(await signedIn(second!)).toBe(true);
      expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email, password: PASSWORD })).status).toBe(200);
    });

    it('enforces the password rules with clear messages, and needs a session', async () => {
      const { first } = await memberWithSessions(1);
      expect(await first.json('POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'short' })).toEqual({
        status: 400,
        body: { message: PASSWORD_TOO_SHORT },
      });
      expect(await first.json('POST', '/api/user/password', { currentPassword: '', newPassword: NEW_PASSWORD })).toEqual({
        status: 400,
        body: { message: CURRENT_PASSWORD_REQUIRED },
      });
      expect((await first.json('POST', '/api/user/password', { newPassword: NEW_PASSWORD })).status).toBe(400);
      expect((await first.json('POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(1025) })).status).toBe(400);
      expect(await new TestClient(server.baseUrl).json('POST', '/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      });
    });
  });

  describe('POST /api/user/sessions/revoke-others', () => {
    it('signs out every other session of the member, closing its live socket, and keeps this one and other members\u2019', async () => {
      const { first, others } = await memberWithSessions(3);
      const bystander = await memberWithSessions(1);
      const socket = await openLive(server.baseUrl, { cookie: others[0]!.cookieHeader, origin: server.baseUrl });
      expect(await first.json('POST', '/api/user/sessions/revoke-others')).toEqual({ status: 200, body: { message: OTHER_SESSIONS_ENDED, ended: 2 } });
      expect(await signedIn(first)).toBe(true);
      for (const other of others) expect(await signedIn(other)).toBe(false);
      expect(await signedIn(bystander.first)).toBe(true);
      expect((await socket.closed).code).toBe(4001);
      // Nothing left to end.
      expect((await first.json('POST', '/api/user/sessions/revoke-others')).body.ended).toBe(0);
    });

    it('lists the member\u2019s sessions for the dialog, marking this one, never their tokens', async () => {
      const { first, others } = await memberWithSessions(2);
      const answer = await first.json('GET', '/api/user/account-security');
      expect(answer.status).toBe(200);
      expect(answer.body.hasPassword).toBe(true);
      expect(answer.body.sessions).toHaveLength(2);
      expect(answer.body.sessions.map((session: { current: boolean }) => session.current).sort()).toEqual([false, true]);
      expect(Object.keys(answer.body.sessions[0]).sort()).toEqual(['createdAt', 'current', 'device', 'expiresAt', 'lastSeenAt']);
      const { token } = others[0]!.session;
      expect(JSON.stringify(answer.body)).not.toContain(token);
      expect((await new TestClient(server.baseUrl).get('/api/user/account-security')).status).toBe(401);
      expect((await first.post('/api/user/sessions/revoke-others')).status).toBe(200);
      expect((await first.json('GET', '/api/user/account-security')).body.sessions).toHaveLength(1);
    });

    it('needs a session', async () => {
      expect(await new TestClient(server.baseUrl).json('POST', '/api/user/sessions/revoke-others')).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    });
  });

  describe('e-mail notification preferences', () => {
    it('answers every mail on until the member chooses, then what they chose', async () => {
      const { first } = await memberWithSessions(1);
      expect(await first.json('GET', '/api/user/notification-preferences')).toEqual({ status: 200, body: { preferences: DEFAULT_NOTIFICATION_PREFERENCES } });
      const quiet = { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: false, topicActivity: false };
      const saved = await first.json('PUT', '/api/user/notification-preferences', quiet);
      expect(saved).toEqual({ status: 200, body: { position: expect.any(String), preferences: quiet } });
      expect(await first.json('GET', '/api/user/notification-preferences')).toEqual({ status: 200, body: { preferences: quiet } });
      // The same choice again changes nothing.
      expect((await first.json('PUT', '/api/user/notification-preferences', quiet)).body).toEqual({ position: null, preferences: quiet });
    });

    it('keeps account security mails on and refuses malformed choices with 400, signed-out visitors with 401', async () => {
      const { first } = await memberWithSessions(1);
      expect(await first.json('PUT', '/api/user/notification-preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, accountSecurity: false })).toEqual({
        status: 400,
        body: { message: ACCOUNT_SECURITY_ALWAYS_ON },
      });
      for (const body of [{}, { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: 'no' }, { invitations: false }]) {
        const answer = await first.json('PUT', '/api/user/notification-preferences', body);
        expect(answer.status).toBe(400);
        expect(typeof answer.body.message).toBe('string');
      }
      expect((await new TestClient(server.baseUrl).json('GET', '/api/user/notification-preferences')).status).toBe(401);
      expect((await new TestClient(server.baseUrl).json('PUT', '/api/user/notification-preferences', DEFAULT_NOTIFICATION_PREFERENCES)).status).toBe(401);
    });

    it('mails no invitation to a member who turned invitations off; others still get theirs, and security mails always go', async () => {
      const inviter = await memberWithSessions(1);
      const quietMember = await memberWithSessions(1);
      const keen = await memberWithSessions(1);
      await quietMember.first.json('PUT', '/api/user/notification-preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: false });
      const toQuiet = await inviter.first.json('POST', '/api/family/invite', { email: quietMember.email });
      const toKeen = await inviter.first.json('POST', '/api/family/invite', { email: keen.email });
      expect([toQuiet.status, toKeen.status]).toEqual([201, 201]);
      const invitations = (to: string) => async () =>
        (await readMails(server.dataDir)).filter((mail) => mail.text.includes(`To: ${to}`) && mail.text.includes('invited you'));
      expect(await eventually(invitations(keen.email), (mails) => mails.length === 1)).toHaveLength(1);
      // The outbox reads the store in order: the later invitation's mail is out, so the earlier one was skipped.
      expect(await invitations(quietMember.email)()).toHaveLength(0);
      // A password reset is account security: it goes whatever the member chose.
      await new TestClient(server.baseUrl).post('/api/email-auth/forgot-password', { email: quietMember.email });
      const resets = async () =>
        (await readMails(server.dataDir)).filter((mail) => mail.text.includes(`To: ${quietMember.email}`) && mail.text.includes('Reset your password'));
      expect(await eventually(resets, (mails) => mails.length === 1)).toHaveLength(1);
    });
  });
});

describe('password attempts from a signed-in session', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The limits as production counts them.
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => server?.close());

  it('are slowed like sign-in: after 10 wrong ones in 15 minutes the member gets 429 with Retry-After', async () => {
    const browser = new TestClient(server.baseUrl);
    expect((await browser.post('/api/email-auth/register', registration(uniqueEmail(), PASSWORD))).status).toBe(201);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await browser.post('/api/user/password', { currentPassword: `wrong ${attempt}`, newPassword: NEW_PASSWORD })).status).toBe(403);
    }
    const limited = await browser.post('/api/user/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    // Erasing the account asks for the password too: the same member's attempts count there.
    expect((await browser.json('DELETE', '/api/user', { password: PASSWORD })).status).toBe(429);
  });
});
