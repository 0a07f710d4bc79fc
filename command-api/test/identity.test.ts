import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { mailedLink } from '../../test-support/mail-folder';
import { startTestServer, type TestServer } from '../../test-support/test-server';

describe('e-mail accounts and sessions', () => {
  let server: TestServer;
  const admin = uniqueEmail('admin');
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: `someone@else.org, ${admin.toUpperCase()}` } });
  });
  afterAll(async () => server?.close());
  const client = () => new TestClient(server.baseUrl);

  it('registers, signs in with a cookie session and serves the member', async () => {
    const browser = client();
    const email = uniqueEmail();
    const response = await browser.post('/api/email-auth/register', { ...registration(email), email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: { id: string; email: string }; position: string };
    expect(body.user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', isAdmin: false });
    expect(body.position).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^civitas_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The marker the web app reads to skip the current-user read for visitors: readable, same lifetime.
    const marker = response.headers.getSetCookie()[1]!;
    expect(marker).toMatch(/^civitas_signed_in=1;/);
    expect(marker).not.toMatch(/HttpOnly/);
    expect(marker.match(/Expires=[^;]+/)?.[0]).toBe(cookie.match(/Expires=[^;]+/)?.[0]);

    const me = await browser.json('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: body.user.id,
      email,
      emailVerified: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      isVerified: false,
      country: null,
      verifications: [],
      isSubscribed: false,
      subscriptionStatus: null,
      subscriptionPlan: null,
      participationScore: 0,
      isBanned: false,
      roles: [],
      isAdmin: false,
    });
  });

  it('answers 401 to the current-user read when signed out', async () => {
    expect(await client().json('GET', '/api/auth/user')).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    const forged = client();
    forged.cookies.set('civitas_session', 'not-a-session');
    expect((await forged.get('/api/auth/user')).status).toBe(401);
  });

  it('keeps e-mails unique, compared case-insensitively', async () => {
    const email = uniqueEmail();
    expect((await client().post('/api/email-auth/register', registration(email))).status).toBe(201);
    const again = await client().json('POST', '/api/email-auth/register', registration(email.toUpperCase()));
    expect(again).toEqual({ status: 409, body: { message: 'An account with this email already exists' } });
  });

  it('creates exactly one account when the same e-mail signs up many times at once', async () => {
    const email = uniqueEmail('race');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, index) => client().post('/api/email-auth/register', registration(index % 2 ? email : email.toUpperCase()))),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
  });

  it('enforces the registration schema with the messages of docs/product.md, Rules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...registration(), email: 'not-an-email' }, 'Invalid email address'],
      [{ ...registration(uniqueEmail(), 'short'), confirmPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ ...registration(), confirmPassword: 'something else entirely' }, "Passwords don't match"],
      [{ ...registration(), firstName: '   ' }, 'First name is required'],
      [{ ...registration(), lastName: undefined }, 'Last name is required'],
    ];
    for (const [body, message] of cases) expect(await client().json('POST', '/api/email-auth/register', body)).toEqual({ status: 400, body: { message } });
  });

  it('accepts long passphrases without truncating them', async () => {
    const long = 'x'.repeat(100);
    const email = uniqueEmail();
    expect((await client().post('/api/email-auth/register', registration(email, long))).status).toBe(201);
    expect((await client().post('/api/email-auth/login', { email, password: long })).status).toBe(200);
    expect((await client().post('/api/email-auth/login', { email, password: 'x'.repeat(99) })).status).toBe(401);
  });

  it('signs in with a new session id and answers wrong passwords and unknown e-mails alike', async () => {
    const email = uniqueEmail();
    const first = client();
    await first.post('/api/email-auth/register', registration(email));
    const before = first.cookies.get('civitas_session');
    const login = await first.post('/api/email-auth/login', { email, password: 'correct horse battery staple' });
    expect(login.status).toBe(200);
    expect(first.cookies.get('civitas_session')).not.toBe(before);
    const stale = client();
    stale.cookies.set('civitas_session', before!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    const timed = async (body: unknown) => {
      const started = performance.now();
      const answer = await client().json('POST', '/api/email-auth/login', body);
      return { answer, ms: performance.now() - started };
    };
    const wrong = await timed({ email, password: 'wrong password' });
    const unknown = await timed({ email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrong.answer).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
    expect(unknown.answer).toEqual(wrong.answer);
    // Both verify an argon2id hash of the same cost, so neither is an order of magnitude faster.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
    expect(await client().json('POST', '/api/email-auth/login', { email, password: '' })).toEqual({ status: 400, body: { message: 'Password is required' } });
  });

  it('signs out only by a same-origin POST /api/logout; a GET (which any site can trigger) leads to a page that asks', async () => {
    const browser = client();
    await browser.post('/api/email-auth/register', registration());
    const token = browser.cookies.get('civitas_session')!;
    const stillSignedIn = async () => {
      const replay = client();
      replay.cookies.set('civitas_session', token);
      return (await replay.get('/api/auth/user')).status === 200;
    };

    // Another site's link or image: the browser sends the Lax cookie on a top-level GET.
    const navigation = await browser.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect([navigation.status, navigation.headers.get('location')]).toEqual([302, '/logout']);
    expect(await stillSignedIn()).toBe(true);

    const forged = await browser.request('POST', '/api/logout', undefined, { origin: 'https://evil.example' });
    expect([forged.status, await forged.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
    expect(await stillSignedIn()).toBe(true);

    const logout = await browser.request('POST', '/api/logout', undefined, { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect([logout.status, await logout.json()]).toEqual([200, { message: 'You have been signed out.' }]);
    expect(browser.cookies.has('civitas_session')).toBe(false);
    expect(browser.cookies.has('civitas_signed_in')).toBe(false);
    expect(await stillSignedIn()).toBe(false);
    // Signed out already, or a JSON body: the same answer.
    expect(await client().json('POST', '/api/logout', {})).toEqual({ status: 200, body: { message: 'You have been signed out.' } });

    const login = await client().get('/api/login');
    expect([login.status, login.headers.get('location')]).toEqual([302, '/?signin=1']);
  });

  it('makes an ADMIN_EMAILS address admin only once it is verified, by the link mailed at sign-up', async () => {
    const browser = client();
    const response = await browser.json('POST', '/api/email-auth/register', registration(admin));
    expect(response.body.user).toMatchObject({ roles: [], isAdmin: false });
    expect(response.body.verificationUrl).toBeUndefined();
    expect((await browser.json('GET', '/api/auth/user')).body).toMatchObject({ emailVerified: false, roles: [], isAdmin: false });

    const link = await mailedLink(server.dataDir, admin, 'Verify your email');
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
    // Followed from another device, signed out: the link alone proves the address.
    const verified = await client().json('POST', '/api/email-auth/verify-email', { token: link.split('/').pop() });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'Your email address is verified.', position: expect.any(String) });
    const me = await eventually(
      () => browser.json('GET', '/api/auth/user'),
      (answer) => answer.body.isAdmin === true,
    );
    expect(me.body).toMatchObject({ emailVerified: true, roles: ['admin'], isAdmin: true });
  });

  it('refuses cross-site and non-JSON state changes', async () => {
    const evil = await client().request('POST', '/api/email-auth/register', registration(), { origin: 'https://evil.example' });
    expect([evil.status, await evil.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
    const fetchMetadata = await client().request(
      'POST',
      '/api/email-auth/login',
      { email: uniqueEmail(), password: 'whatever1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchMetadata.status).toBe(403);
    const form = await fetch(`${server.baseUrl}/api/email-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x',
    });
    expect([form.status, await form.json()]).toEqual([415, { message: 'Requests must be sent as JSON' }]);
    const sameOrigin = await client().request('POST', '/api/email-auth/register', registration(), { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(201);
  });
});
