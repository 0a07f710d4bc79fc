import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const HOUR = 3_600_000;

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
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await new TestClient(server.baseUrl).post('/api/email-auth/register', registration())).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

describe('password reset and session lifetime', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T08:00:00Z');
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), logStream, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => server?.close());
  const client = () => new TestClient(server.baseUrl);

  it('resets a password once with a link that ends every other session', async () => {
    const email = uniqueEmail();
    const signedIn = client();
    await signedIn.post('/api/email-auth/register', registration(email));
    expect((await signedIn.get('/api/auth/user')).status).toBe(200);

    const forgot = await client().json('POST', '/api/email-auth/forgot-password', { email: email.toUpperCase() });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe('If an account with this email exists, you will receive a password reset link shortly.');
    const token = String(forgot.body.resetUrl).split('/reset-password/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const nobody = await client().json('POST', '/api/email-auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(Object.keys(nobody.body)).toEqual(Object.keys(forgot.body));
    expect(nobody.body.message).toBe(forgot.body.message);

    const reset = await client().json('POST', '/api/email-auth/reset-password', { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(reset).toEqual({ status: 200, body: { message: 'Your password has been reset. You can now sign in.' } });
    expect((await signedIn.get('/api/auth/user')).status).toBe(401);
    expect((await client().post('/api/email-auth/login', { email, password: 'correct horse battery staple' })).status).toBe(401);
    expect((await client().post('/api/email-auth/login', { email, password: 'a brand new passphrase' })).status).toBe(200);

    const again = await client().json('POST', '/api/email-auth/reset-password', { token, password: 'yet another passphrase', confirmPassword: 'yet another passphrase' });
    expect(again).toEqual({ status: 400, body: { message: 'This reset link is invalid or has expired.' } });
    const noToken = await client().json('POST', '/api/email-auth/reset-password', { token: '', password: 'yet another passphrase', confirmPassword: 'yet another passphrase' });
    expect(noToken).toEqual({ status: 400, body: { message: 'Token is required' } });
  });

  it('refuses a reset link after 30 minutes', async () => {
    const email = uniqueEmail();
    await client().post('/api/email-auth/register', registration(email));
    const forgot = await client().json('POST', '/api/email-auth/forgot-password', { email });
    const token = String(forgot.body.resetUrl).split('/reset-password/')[1]!;
    clock += 31 * 60_000;
    const late = await client().json('POST', '/api/email-auth/reset-password', { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(late).toEqual({ status: 400, body: { message: 'This reset link is invalid or has expired.' } });
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
    const forgot = await client().json('POST', '/api/email-auth/forgot-password', { email });
    const token = String(forgot.body.resetUrl).split('/reset-password/')[1]!;
    await client().post('/api/email-auth/reset-password', { token, password: `${password}-2`, confirmPassword: `${password}-2` });
    await client().post('/api/email-auth/login', { email, password: 'wrong one entirely' });
    const output = lines.join('');
    expect(output).toContain('/api/email-auth/reset-password'); // the journey was logged
    for (const secret of [email, password, session, token, 'Lovelace']) expect(output).not.toContain(secret);
  });
});
