import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { mailedLink } from '../../test-support/mail-folder';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const HOUR = 3_600_000;
const INVALID_RESET_LINK = { status: 400, body: { message: 'This reset link is invalid or has expired.' } };
const tokenOf = (link: string) => link.split('/').pop()!;

describe('rate limits at their real values', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => server?.close());

  it('limits sign-in attempts per account with a clear 429', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email, password: 'wrong password' })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await new TestClient(server.baseUrl).request('POST', '/api/email-auth/login', { email, password: 'wrong password' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is still served.
    expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email: uniqueEmail(), password: 'wrong password' })).status).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await new TestClient(server.baseUrl).post('/api/email-auth/register', registration())).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

describe('verification links at their real limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => server?.close());

  it('mails at most 5 verification links an hour per account, the sign-up one included', async () => {
    const browser = new TestClient(server.baseUrl);
    await browser.post('/api/email-auth/register', registration());
    for (let resend = 0; resend < 4; resend += 1) {
      expect(await browser.json('POST', '/api/email-auth/resend-verification')).toEqual({
        status: 200,
        body: { message: 'We sent a new verification link to your email address.' },
      });
    }
    const limited = await browser.request('POST', '/api/email-auth/resend-verification');
    expect([limited.status, await limited.json()]).toEqual([429, { message: 'Too many attempts. Please wait a few minutes and try again.' }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another member is not held back by it.
    const other = new TestClient(server.baseUrl);
    await other.post('/api/email-auth/register', registration());
    expect((await other.post('/api/email-auth/resend-verification')).status).toBe(200);
    expect(await new TestClient(server.baseUrl).json('POST', '/api/email-auth/resend-verification')).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });
});

describe('password reset and session lifetime', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T08:00:00Z');
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const adminAddress = uniqueEmail('security-admin');
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), logStream, env: { LOG_LEVEL: 'debug', ADMIN_EMAILS: adminAddress } });
  });
  afterAll(async () => server?.close());
  const client = () => new TestClient(server.baseUrl);
  /** Asks for a reset link and reads it from the mail (never from the answer). */
  const requestReset = async (email: string, seen: string[] = []) => {
    expect((await client().post('/api/email-auth/forgot-password', { email })).status).toBe(200);
    return tokenOf(
      await mailedLink(
        server.dataDir,
        email,
        'Reset your password',
        seen.map((token) => `${server.baseUrl}/reset-password/${token}`),
      ),
    );
  };
  const reset = (token: string, password = 'a brand new passphrase') =>
    client().json('POST', '/api/email-auth/reset-password', { token, password, confirmPassword: password });

  it('resets a password once with a link that ends every other session', async () => {
    const email = uniqueEmail();
    const signedIn = client();
    await signedIn.post('/api/email-auth/register', registration(email));
    expect((await signedIn.get('/api/auth/user')).status).toBe(200);

    const forgot = await client().json('POST', '/api/email-auth/forgot-password', { email: email.toUpperCase() });
    // The link goes by mail only: whoever asks never sees it.
    expect(forgot).toEqual({ status: 200, body: { message: 'If an account with this email exists, you will receive a password reset link shortly.' } });
    const token = tokenOf(await mailedLink(server.dataDir, email, 'Reset your password'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const nobody = await client().json('POST', '/api/email-auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(nobody).toEqual(forgot);

    const reset = await client().json('POST', '/api/email-auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(reset).toEqual({ status: 200, body: { message: 'Your password has been reset. You can now sign in.' } });
    expect((await signedIn.get('/api/auth/user')).status).toBe(401);
    expect((await client().post('/api/email-auth/login', { email, password: 'correct horse battery staple' })).status).toBe(401);
    expect((await client().post('/api/email-auth/login', { email, password: 'a brand new passphrase' })).status).toBe(200);

    const again = await client().json('POST', '/api/email-auth/reset-password', {
      token,
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(again).toEqual(INVALID_RESET_LINK);
    const noToken = await client().json('POST', '/api/email-auth/reset-password', {
      token: '',
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(noToken).toEqual({ status: 400, body: { message: 'Token is required' } });
  });

  it('refuses a reset link after 30 minutes', async () => {
    const email = uniqueEmail();
    await client().post('/api/email-auth/register', registration(email));
    const token = await requestReset(email);
    clock += 31 * 60_000;
    expect(await reset(token)).toEqual(INVALID_RESET_LINK);
  });

  it('ends an older reset link once a newer one is issued, whether the newer one was used or not', async () => {
    const email = uniqueEmail();
    await client().post('/api/email-auth/register', registration(email));
    const first = await requestReset(email);
    const second = await requestReset(email, [first]);
    // Newer issued, not used: the older one is over.
    expect(await reset(first)).toEqual(INVALID_RESET_LINK);
    const third = await requestReset(email, [first, second]);
    expect(await reset(third, 'the third passphrase')).toEqual({ status: 200, body: { message: 'Your password has been reset. You can now sign in.' } });
    // Newer issued and used: neither the one between nor the first works.
    expect(await reset(second)).toEqual(INVALID_RESET_LINK);
    expect(await reset(first)).toEqual(INVALID_RESET_LINK);
    expect((await client().post('/api/email-auth/login', { email, password: 'the third passphrase' })).status).toBe(200);
  });

  it('refuses a verification link after 24 hours, and one that a newer link replaced', async () => {
    const email = uniqueEmail();
    const browser = client();
    await browser.post('/api/email-auth/register', registration(email));
    const expiring = await mailedLink(server.dataDir, email, 'Verify your email');
    clock += 24 * HOUR + 1000;
    const INVALID = { status: 400, body: { message: 'This verification link is invalid or has expired.' } };
    expect(await client().json('POST', '/api/email-auth/verify-email', { token: tokenOf(expiring) })).toEqual(INVALID);
    expect((await browser.post('/api/email-auth/login', { email, password: registration().password })).status).toBe(200);

    expect((await browser.post('/api/email-auth/resend-verification')).status).toBe(200);
    const replaced = await mailedLink(server.dataDir, email, 'Verify your email', [expiring]);
    expect((await browser.post('/api/email-auth/resend-verification', {})).status).toBe(200);
    const newest = await mailedLink(server.dataDir, email, 'Verify your email', [expiring, replaced]);
    expect(await client().json('POST', '/api/email-auth/verify-email', { token: tokenOf(replaced) })).toEqual(INVALID);
    expect((await client().json('POST', '/api/email-auth/verify-email', { token: tokenOf(newest) })).status).toBe(200);
    // Following it again answers as before; asking for another is pointless now.
    expect((await client().json('POST', '/api/email-auth/verify-email', { token: tokenOf(newest) })).status).toBe(200);
    expect(await browser.json('POST', '/api/email-auth/resend-verification')).toEqual({
      status: 409,
      body: { message: 'Your email address is already verified.' },
    });
    expect(
      (
        await eventually(
          () => browser.json('GET', '/api/auth/user'),
          (me) => me.body.emailVerified === true,
        )
      ).body.emailVerified,
    ).toBe(true);
  });

  it('ends a session after 24 idle hours', async () => {
    const browser = client();
    await browser.post('/api/email-auth/register', registration());
    clock += 23 * HOUR;
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    clock += 23 * HOUR; // idle time counts from the last use
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    clock += 24 * HOUR + 1;
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('ends a session 14 days after sign-in however active it is', async () => {
    const browser = client();
    await browser.post('/api/email-auth/register', registration());
    for (let hours = 0; hours < 14 * 24 - 12; hours += 12) {
      clock += 12 * HOUR;
      expect((await browser.get('/api/auth/user')).status).toBe(200);
    }
    clock += 13 * HOUR;
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('never writes passwords, tokens, session ids or e-mails to the logs', async () => {
    const email = uniqueEmail('secretive');
    const password = 'Unmistakable-Passphrase-9417';
    const browser = client();
    await browser.post('/api/email-auth/register', registration(email, password));
    const session = browser.cookies.get('civitas_session')!;
    await browser.get('/api/auth/user');
    await client().post('/api/email-auth/login', { email, password });
    const token = await requestReset(email);
    await client().post('/api/email-auth/reset-password', { token, password: `${password}-2`, confirmPassword: `${password}-2` });
    await client().post('/api/email-auth/login', { email, password: 'wrong one entirely' });
    const output = lines.join('');
    expect(output).toContain('/api/email-auth/reset-password'); // the journey was logged
    for (const secret of [email, password, session, token, 'Lovelace']) expect(output).not.toContain(secret);
  });

  it('logs sign-ins, failures, resets, verification, granted roles and sign-outs as security events, without addresses or tokens', async () => {
    const browser = client();
    const registered = await browser.json('POST', '/api/email-auth/register', registration(adminAddress));
    const adminId = registered.body.user.id as string;
    const verificationToken = tokenOf(await mailedLink(server.dataDir, adminAddress, 'Verify your email'));
    await client().post('/api/email-auth/verify-email', { token: verificationToken });
    await client().post('/api/email-auth/login', { email: adminAddress, password: 'not the password' });
    const stranger = uniqueEmail('stranger');
    await client().post('/api/email-auth/login', { email: stranger, password: 'not the password' });
    const resetToken = await requestReset(adminAddress);
    await reset(resetToken, 'a logged passphrase');
    const signedIn = client();
    await signedIn.post('/api/email-auth/login', { email: adminAddress, password: 'a logged passphrase' });
    await signedIn.post('/api/logout');

    const events = await eventually(
      async () => lines.filter((line) => line.includes('"securityEvent"')).map((line) => JSON.parse(line) as Record<string, unknown>),
      (found) => found.some((event) => event.securityEvent === 'signed_out' && event.userId === adminId),
    );
    const ofAdmin = (kind: string) => events.filter((event) => event.securityEvent === kind && event.userId === adminId);
    for (const kind of [
      'signed_in',
      'email_verified',
      'role_granted',
      'sign_in_failed',
      'password_reset_requested',
      'password_reset_completed',
      'signed_out',
    ]) {
      expect(ofAdmin(kind), kind).not.toHaveLength(0);
    }
    expect(ofAdmin('role_granted')[0]).toMatchObject({ reason: 'admin_by_admin_emails' });
    // A wrong address is logged too, with no account to name.
    expect(events.some((event) => event.securityEvent === 'sign_in_failed' && event.userId === null && event.reason === 'unknown_account')).toBe(true);
    for (const event of events) {
      expect(event).toHaveProperty('userId');
      expect(event.clientAddress).toMatch(/127\.0\.0\.1/);
      const line = JSON.stringify(event);
      for (const secret of [adminAddress, stranger, verificationToken, resetToken, 'Lovelace', 'a logged passphrase']) expect(line).not.toContain(secret);
    }
  });
});
