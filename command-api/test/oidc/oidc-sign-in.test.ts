import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { mailedLink } from '../../../test-support/mail-folder';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { oidcMessages } from '../../src/identity/oidc/oidc-messages';
import { HandBrowser, authErrorOf } from './hand-browser';
import { freePort, startTestProvider, type TestAccount, type TestProvider } from './test-provider';

// Two real OpenID providers: "Google" puts the profile in the ID token, "Replit" only in
// userinfo (as strictly conforming providers do), so both ways of reading claims run.
describe('OpenID Connect sign-in, driven request by request', () => {
  let google: TestProvider;
  let replit: TestProvider;
  let server: TestServer;
  const logs: string[] = [];
  const verifiedAdmin = uniqueEmail('provider-admin');
  const unverifiedAdmin = uniqueEmail('unproven-admin');

  beforeAll(async () => {
    // Our redirect URIs contain our own port, and the providers must know them up front.
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    google = await startTestProvider({
      clientId: 'civitas-google',
      clientSecret: 'google-secret',
      redirectUris: [`${baseUrl}/api/auth/google/callback`],
      claimsInIdToken: true,
    });
    replit = await startTestProvider({
      clientId: 'civitas-replit',
      clientSecret: 'replit-secret',
      redirectUris: [`${baseUrl}/api/auth/replit/callback`],
      claimsInIdToken: false,
    });
    server = await startTestServer({
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        LOG_LEVEL: 'info',
        ADMIN_EMAILS: `${verifiedAdmin},${unverifiedAdmin}`,
        GOOGLE_ISSUER_URL: google.issuer,
        GOOGLE_CLIENT_ID: 'civitas-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        REPLIT_ISSUER_URL: replit.issuer,
        REPLIT_CLIENT_ID: 'civitas-replit',
        REPLIT_CLIENT_SECRET: 'replit-secret',
      },
      logStream: { write: (line: string) => void logs.push(line) },
    });
    expect(server.baseUrl).toBe(baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
    await replit?.close();
  });

  const person = (provider: TestProvider, account: TestAccount = {}) => {
    const subject = `subject-${randomUUID()}`;
    provider.accounts.set(subject, { email: uniqueEmail('oidc'), email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...account });
    return subject;
  };
  const start = (provider: 'google' | 'replit') => `${server.baseUrl}/api/auth/${provider}`;

  async function signIn(provider: 'google' | 'replit', subject: string, browser = new HandBrowser()) {
    const callback = await browser.toCallback(start(provider), subject);
    return { browser, callback, location: await browser.finish(callback) };
  }

  /** The signed-in member; a new account may take a moment to reach the read model (503). */
  async function currentUser(browser: HandBrowser) {
    for (let attempt = 0; ; attempt += 1) {
      const response = await browser.request(`${server.baseUrl}/api/auth/user`);
      if (response.status !== 503 || attempt === 40) return { status: response.status, body: (await response.json()) as Record<string, any> };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('sends the browser to the provider with PKCE (S256), state, nonce and our callback', async () => {
    const browser = new HandBrowser();
    const response = await browser.request(start('google'));
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const authorization = new URL(response.headers.get('location')!);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${google.issuer}/auth`);
    const params = Object.fromEntries(authorization.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'civitas-google',
      scope: 'openid email profile',
      redirect_uri: `${server.baseUrl}/api/auth/google/callback`,
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const binding = response.headers.getSetCookie().find((line) => line.startsWith('civitas_oidc='))!;
    expect(binding).toMatch(/Path=\/api\/auth/);
    expect(binding).toMatch(/HttpOnly/);
    expect(binding).toMatch(/SameSite=Lax/);
    expect(binding).toMatch(/Max-Age=600/);

    // The flow is stored under the state's hash, never the state itself, and the verifier stays server-side.
    const database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    const { rows } = await database.query<{ id: string; data: Record<string, string>; expire: Date }>('select id, data, expire from auth_flows');
    await database.end();
    const stored = rows.find((row) => row.data.nonce === params.nonce)!;
    expect(stored.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.id).not.toContain(params.state);
    expect(stored.data).toMatchObject({ provider: 'google', redirectUri: `${server.baseUrl}/api/auth/google/callback` });
    expect(stored.data.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.expire.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(stored.expire.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it.each(['google', 'replit'] as const)(
    'signs in with %s and creates the account from its claims; the same subject comes back to the same account',
    async (provider) => {
      const idp = provider === 'google' ? google : replit;
      const email = uniqueEmail(provider);
      const subject = person(idp, { email, email_verified: true, given_name: 'Katherine', family_name: 'Johnson', picture: 'https://example.org/k.png' });

      const first = await signIn(provider, subject);
      expect(first.location).toBe('/');
      expect(first.browser.cookie(server.baseUrl, 'civitas_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await currentUser(first.browser);
      expect(me.status).toBe(200);
      // The provider vouched for the address: the account starts verified.
      expect(me.body).toMatchObject({ email, emailVerified: true, firstName: 'Katherine', lastName: 'Johnson', profileImageUrl: 'https://example.org/k.png' });

      const again = await signIn(provider, subject);
      expect(again.location).toBe('/');
      expect((await currentUser(again.browser)).body.id).toBe(me.body.id);

      // The provider's subject id is personal data: the event history holds it neither in events nor in stream names.
      const [inEvents] = await server.query<{ found: number }>(
        `select count(*)::int as found from events where stream_id like '%' || $1 || '%' or data::text like '%' || $1 || '%'`,
        [subject],
      );
      const [linked] = await server.query<{ found: number }>(
        `select count(*)::int as found from events where type = 'UserRegistered' and data->>'userId' = $1 and data->'externalIdentity' is not null`,
        [me.body.id],
      );
      expect(inEvents!.found).toBe(0);
      expect(linked!.found).toBe(1);
    },
  );

  it('keeps Google and Replit identities apart even when the subjects are equal', async () => {
    const subject = `shared-${randomUUID()}`;
    google.accounts.set(subject, { email: uniqueEmail('g'), email_verified: true, given_name: 'G', family_name: 'One' });
    replit.accounts.set(subject, { email: uniqueEmail('r'), email_verified: true, given_name: 'R', family_name: 'Two' });
    const viaGoogle = await currentUser((await signIn('google', subject)).browser);
    const viaReplit = await currentUser((await signIn('replit', subject)).browser);
    expect(viaGoogle.body.id).not.toBe(viaReplit.body.id);
    expect(viaReplit.body).toMatchObject({ firstName: 'R', lastName: 'Two' });
  });

  it('refuses a tampered state and leaves the real flow usable', async () => {
    const browser = new HandBrowser();
    const callback = await browser.toCallback(start('google'), person(google));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -2)}xx`);
    expect(authErrorOf(await browser.finish(tampered))).toBe(oidcMessages.invalidFlow('Google'));
    expect(browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();

    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect(authErrorOf(await browser.finish(missing))).toBe(oidcMessages.invalidFlow('Google'));

    expect(await browser.finish(callback)).toBe('/');
    expect((await currentUser(browser)).status).toBe(200);
  });

  it('refuses a replayed callback, in the same browser or another', async () => {
    const { browser, callback, location } = await signIn('google', person(google));
    expect(location).toBe('/');
    const replay = new HandBrowser();
    expect(authErrorOf(await replay.finish(callback))).toBe(oidcMessages.invalidFlow('Google'));
    expect(replay.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
    const sessionBefore = browser.cookie(server.baseUrl, 'civitas_session');
    expect(authErrorOf(await browser.finish(callback))).toBe(oidcMessages.invalidFlow('Google'));
    expect(browser.cookie(server.baseUrl, 'civitas_session')).toBe(sessionBefore);
  });

  it('refuses a callback that reaches a browser which did not start the flow (login CSRF), and burns the flow', async () => {
    const attacker = new HandBrowser();
    const callback = await attacker.toCallback(start('google'), person(google));
    const victim = new HandBrowser();
    expect(authErrorOf(await victim.finish(callback))).toBe(oidcMessages.invalidFlow('Google'));
    expect(victim.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
    expect((await currentUser(victim)).status).toBe(401);
    // A victim with a binding cookie of its own is refused the same way.
    await victim.request(start('google'));
    expect(victim.cookie(server.baseUrl, 'civitas_oidc')).toBeDefined();
    const second = await attacker.toCallback(start('google'), person(google));
    expect(authErrorOf(await victim.finish(second))).toBe(oidcMessages.invalidFlow('Google'));
    // The state was used up by the refused attempt.
    expect(authErrorOf(await attacker.finish(callback))).toBe(oidcMessages.invalidFlow('Google'));
  });

  it('refuses a callback for the other provider and an expired flow', async () => {
    const browser = new HandBrowser();
    const callback = await browser.toCallback(start('google'), person(google));
    const crossed = new URL(callback.href.replace('/api/auth/google/', '/api/auth/replit/'));
    expect(authErrorOf(await browser.finish(crossed))).toBe(oidcMessages.invalidFlow('Replit'));

    const late = await browser.toCallback(start('google'), person(google));
    const database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    await database.query(`update auth_flows set expire = now() - interval '1 second'`);
    await database.end();
    expect(authErrorOf(await browser.finish(late))).toBe(oidcMessages.invalidFlow('Google'));
    expect(browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
  });

  it('says the sign-in was cancelled when the person cancels at the provider', async () => {
    const browser = new HandBrowser();
    const callback = await browser.toCallback(start('replit'), { cancel: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(authErrorOf(await browser.finish(callback))).toBe(oidcMessages.cancelled('Replit'));
    expect(browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
  });

  /** The detail of the newest refusal in the log: which check stopped the sign-in. */
  const lastRefusal = () => {
    const line = logs.filter((entry) => entry.includes('"msg":"OpenID Connect sign-in refused"')).at(-1);
    return line ? (JSON.parse(line) as { reason: string; detail?: string }) : null;
  };

  it.each([
    ['another audience', '"aud"', (claims: Record<string, unknown>) => ({ ...claims, aud: 'someone-else' })],
    ['another issuer', '"iss"', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' })],
    ['another nonce', '"nonce"', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'replayed-nonce' })],
    ['an expiry in the past', '"exp"', (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 })],
  ])('refuses an ID token with %s, though the provider signed it', async (_case, check, tamper) => {
    google.tamperIdToken = tamper;
    try {
      const { browser, location } = await signIn('google', person(google));
      expect(authErrorOf(location)).toBe(oidcMessages.failed('Google'));
      expect(browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
      expect(lastRefusal()).toMatchObject({ reason: 'failed', detail: expect.stringContaining(check) });
    } finally {
      google.tamperIdToken = null;
    }
  });

  it('refuses when the PKCE verifier does not match the challenge the provider saw', async () => {
    const browser = new HandBrowser();
    const callback = await browser.toCallback(start('google'), person(google));
    const database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    // As if someone holding an intercepted code tried to redeem it without the verifier.
    await database.query(`update auth_flows set data = jsonb_set(data, '{codeVerifier}', to_jsonb(repeat('A', 43)))`);
    await database.end();
    expect(authErrorOf(await browser.finish(callback))).toBe(oidcMessages.failed('Google'));
    expect(lastRefusal()).toMatchObject({ reason: 'failed', detail: expect.stringContaining('invalid_grant') });
    expect(browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
  });

  /** The security events the server logged, newest last. */
  const securityEvents = () => logs.filter((line) => line.includes('"securityEvent"')).map((line) => JSON.parse(line) as Record<string, unknown>);

  it('refuses an unverified e-mail that a password account holds; a verified one takes the address to a new account, ending the old one\u2019s password and sessions', async () => {
    const email = uniqueEmail('claimed');
    const squatter = new TestClient(server.baseUrl);
    const registered = await squatter.post('/api/email-auth/register', registration(email));
    expect(registered.status).toBe(201);
    const accountId = ((await registered.json()) as { user: { id: string } }).user.id;

    const unverified = await signIn('google', person(google, { email: email.toUpperCase(), email_verified: false }));
    expect(authErrorOf(unverified.location)).toBe('An account with this email already exists. Sign in with your password.');
    expect(unverified.browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
    expect(securityEvents().at(-1)).toMatchObject({ securityEvent: 'sign_in_refused', reason: 'google-link-refused', userId: null });

    const ownerSubject = person(google, { email, email_verified: true, given_name: 'Someone', family_name: 'Else' });
    const owner = await signIn('google', ownerSubject);
    expect(owner.location).toBe('/');
    // A provider's redirect carries no read position: the read model follows within moments.
    const me = await eventually(
      () => currentUser(owner.browser),
      (answer) => answer.body.emailVerified === true,
    );
    // The owner's account is a new one (docs/decisions.md, Identity): nothing of the old one is theirs.
    expect(me.body).toMatchObject({ email, emailVerified: true, firstName: 'Someone', lastName: 'Else' });
    expect(me.body.id).not.toBe(accountId);
    // Whoever registered the address without proving it is out: no session, no password.
    expect((await squatter.get('/api/auth/user')).status).toBe(401);
    expect((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email, password: registration().password })).status).toBe(401);
    expect(securityEvents()).toContainEqual(expect.objectContaining({ securityEvent: 'unverified_account_claimed', userId: accountId, reason: 'google' }));
    expect(securityEvents()).toContainEqual(expect.objectContaining({ securityEvent: 'email_verified', userId: me.body.id, reason: 'provider' }));
    // The provider identity keeps working.
    expect((await currentUser((await signIn('google', ownerSubject)).browser)).body.id).toBe(me.body.id);
  });

  it('ends, with the claim, a provider identity that registered the address without proving it', async () => {
    const email = uniqueEmail('squatted');
    const squatterSubject = person(replit, { email, email_verified: false });
    const squatter = await signIn('replit', squatterSubject);
    const accountId = (await currentUser(squatter.browser)).body.id as string;

    const owner = await signIn('google', person(google, { email, email_verified: true }));
    expect(
      (
        await eventually(
          () => currentUser(owner.browser),
          (answer) => answer.body.emailVerified === true,
        )
      ).body.id,
    ).not.toBe(accountId);
    expect((await squatter.browser.request(`${server.baseUrl}/api/auth/user`)).status).toBe(401);
    const again = await signIn('replit', squatterSubject);
    expect(authErrorOf(again.location)).toBe('An account with this email already exists. Sign in with your password.');
    expect(again.browser.cookie(server.baseUrl, 'civitas_session')).toBeUndefined();
  });

  it('links a verified e-mail to a password account whose address is verified, which keeps its password and sessions', async () => {
    const email = uniqueEmail('linked');
    const member = new TestClient(server.baseUrl);
    const registered = await member.post('/api/email-auth/register', registration(email));
    const memberId = ((await registered.json()) as { user: { id: string } }).user.id;
    const link = await mailedLink(server.dataDir, email, 'Verify your email');
    expect((await member.post('/api/email-auth/verify-email', { token: link.split('/').pop() })).status).toBe(200);

    const verifiedSubject = person(google, { email, email_verified: true, given_name: 'Someone', family_name: 'Else' });
    const verified = await signIn('google', verifiedSubject);
    expect(verified.location).toBe('/');
    const me = await eventually(
      () => currentUser(verified.browser),
      (answer) => answer.body.emailVerified === true,
    );
    expect(me.body).toMatchObject({ id: memberId, email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace' });
    expect((await currentUser((await signIn('google', verifiedSubject)).browser)).body.id).toBe(memberId);
    expect((await member.get('/api/auth/user')).status).toBe(200);
    expect((await member.post('/api/email-auth/login', { email, password: registration().password })).status).toBe(200);
    expect(securityEvents().some((event) => event.securityEvent === 'unverified_account_claimed' && event.userId === memberId)).toBe(false);
  });

  it('creates a separate, unverified account for an unverified e-mail nobody holds yet', async () => {
    const email = uniqueEmail('unverified');
    const { browser, location } = await signIn('replit', person(replit, { email, email_verified: false }));
    expect(location).toBe('/');
    expect((await currentUser(browser)).body).toMatchObject({ email, emailVerified: false });
  });

  it('makes an ADMIN_EMAILS address admin through a provider only when the provider vouches for it', async () => {
    const { browser } = await signIn('google', person(google, { email: verifiedAdmin, email_verified: true }));
    const admin = await eventually(
      () => currentUser(browser),
      (answer) => answer.body.isAdmin === true,
    );
    expect(admin.body).toMatchObject({ email: verifiedAdmin, emailVerified: true, isAdmin: true, roles: ['admin'] });
    expect(securityEvents()).toContainEqual(expect.objectContaining({ securityEvent: 'role_granted', userId: admin.body.id }));
    const unproven = await currentUser((await signIn('replit', person(replit, { email: unverifiedAdmin, email_verified: false }))).browser);
    expect(unproven.body).toMatchObject({ email: unverifiedAdmin, emailVerified: false, isAdmin: false, roles: [] });
  });

  it('logs refusals and sign-ins without codes, states, tokens, e-mails or names', async () => {
    const email = uniqueEmail('secretive');
    const subject = person(google, { email, given_name: 'Unloggable', family_name: 'Surname' });
    const { browser, callback } = await signIn('google', subject);
    await browser.finish(callback);
    const output = logs.join('');
    expect(output).toContain('"msg":"signed in with OpenID Connect"');
    expect(output).toContain('"msg":"OpenID Connect sign-in refused"');
    expect(output).toContain('"reason":"invalidFlow"');
    for (const secret of [callback.searchParams.get('code')!, callback.searchParams.get('state')!, email, 'Unloggable', 'Surname', subject, 'google-secret']) {
      expect(output).not.toContain(secret);
    }
  });

  it('starts and finishes sign-ins only on GET navigations, not on HEAD', async () => {
    for (const path of ['/api/auth/google', '/api/auth/google/callback?code=a&state=b']) {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD', redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('documents the sign-in routes in OpenAPI under identity', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/json`);
    const document = (await response.json()) as { paths: Record<string, { get?: { tags?: string[]; parameters?: Array<{ name: string }> } }> };
    for (const provider of ['google', 'replit']) {
      expect(document.paths[`/api/auth/${provider}`]?.get?.tags).toEqual(['identity']);
      const callback = document.paths[`/api/auth/${provider}/callback`]?.get;
      expect(callback?.tags).toEqual(['identity']);
      expect(callback?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['code', 'state', 'iss', 'error']));
    }
  });
});
