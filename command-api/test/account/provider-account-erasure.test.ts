import { randomUUID } from 'node:crypto';
import { ACCOUNT_DELETED, NO_PASSWORD_TO_CHANGE, SIGN_IN_AGAIN_TO_DELETE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, uniqueEmail } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { HandBrowser } from '../oidc/hand-browser';
import { freePort, startTestProvider, type TestProvider } from '../oidc/test-provider';

/** An account without a password proves it is its member by a sign-in within the last 10 minutes. */
describe('erasing an account that signs in only through a provider', () => {
  let google: TestProvider;
  let server: TestServer;
  // The platform's clock: the test moves it on to age a session.
  let offsetMs = 0;
  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    google = await startTestProvider({
      clientId: 'civitas-google',
      clientSecret: 'google-secret',
      redirectUris: [`${baseUrl}/api/auth/google/callback`],
      claimsInIdToken: true,
    });
    server = await startTestServer({
      now: () => new Date(Date.now() + offsetMs),
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        GOOGLE_ISSUER_URL: google.issuer,
        GOOGLE_CLIENT_ID: 'civitas-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  const subject = `subject-${randomUUID()}`;
  const email = uniqueEmail('provider');

  /** Signs in through the provider; answers a client holding the new session. */
  async function signIn(): Promise<TestClient> {
    const browser = new HandBrowser();
    await browser.finish(await browser.toCallback(`${server.baseUrl}/api/auth/google`, subject));
    const client = new TestClient(server.baseUrl);
    client.cookies.set('civitas_session', browser.cookie(server.baseUrl, 'civitas_session')!);
    return client;
  }
  const me = (client: TestClient) =>
    eventually(
      () => client.json('GET', '/api/auth/user'),
      (answer) => answer.status !== 503,
    );

  it('has no password to change, and the dialog knows it', async () => {
    google.accounts.set(subject, { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    const client = await signIn();
    expect((await me(client)).status).toBe(200);
    expect(
      (
        await eventually(
          () => client.json('GET', '/api/user/account-security'),
          (answer) => answer.status === 200,
        )
      ).body.hasPassword,
    ).toBe(false);
    expect(await client.json('POST', '/api/user/password', { currentPassword: 'anything at all', newPassword: 'a brand new passphrase' })).toEqual({
      status: 400,
      body: { message: NO_PASSWORD_TO_CHANGE },
    });
  });

  let erasedId: string;
  it('asks to sign in again when the sign-in is older than 10 minutes, and erases after a fresh one', async () => {
    const stale = await signIn();
    erasedId = (await me(stale)).body.id;
    offsetMs += 11 * 60_000;
    expect(await stale.json('DELETE', '/api/user', {})).toEqual({ status: 403, body: { message: SIGN_IN_AGAIN_TO_DELETE } });
    expect((await me(stale)).status).toBe(200);

    const fresh = await signIn();
    expect(await fresh.json('DELETE', '/api/user')).toEqual({ status: 200, body: { position: expect.any(String), message: ACCOUNT_DELETED } });
    for (const client of [stale, fresh]) expect((await client.json('GET', '/api/auth/user')).status).toBe(401);
    const [event] = await server.query<{ data: { via: string } }>(`select data from events where type = 'AccountErased'`);
    expect(event!.data).toEqual({ userId: erasedId, erasedBy: erasedId, via: 'fresh_sign_in' });
  });

  it('lets the same provider identity sign up anew, as a new account', async () => {
    const again = await signIn();
    const answer = await me(again);
    expect(answer.status).toBe(200);
    expect(answer.body.id).not.toBe(erasedId);
    expect(answer.body.email).toBe(email);
  });
});
