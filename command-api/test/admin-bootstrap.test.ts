import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { startTestServer, type TestServer } from '../../test-support/test-server';

// Each start has a mail folder of its own, so these servers hand the verification link back (development setting).
const DEVELOPMENT = { EXPOSE_MAIL_LINKS: 'true' };

describe('ADMIN_EMAILS for an account that already exists', () => {
  let database: TestDatabase;
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const signUp = async (email: string) => {
    const browser = new TestClient(server!.baseUrl);
    const answer = await browser.json('POST', '/api/email-auth/register', registration(email));
    return { browser, token: String(answer.body.verificationUrl).split('/verify-email/')[1]! };
  };
  const signIn = async (email: string) => {
    const browser = new TestClient(server!.baseUrl);
    await browser.post('/api/email-auth/login', { email, password: registration().password });
    return browser;
  };

  it('grants admin at the next start to verified addresses only, once; an unverified one when it verifies', async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, env: DEVELOPMENT });
    const founder = uniqueEmail('founder');
    const squatter = uniqueEmail('unverified');
    const verified = await signUp(founder);
    // Followed on another device; this browser reads with the command's position (read-your-writes).
    const followed = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/verify-email', { token: verified.token });
    expect(followed.status).toBe(200);
    verified.browser.position = followed.body.position;
    expect((await verified.browser.json('GET', '/api/auth/user')).body).toMatchObject({ emailVerified: true, isAdmin: false, roles: [] });
    await signUp(squatter);
    await server.stop();

    for (let start = 0; start < 2; start += 1) {
      server = await startTestServer({ database, env: { ...DEVELOPMENT, ADMIN_EMAILS: `${founder.toUpperCase()}, ${squatter}` } });
      const again = await signIn(founder);
      // Granted at start-up, before this client wrote anything: read until the projection has it.
      const me = await eventually(
        () => again.json('GET', '/api/auth/user'),
        (answer) => answer.body.isAdmin === true,
      );
      expect(me.body).toMatchObject({ isAdmin: true, roles: ['admin'] });
      // Whoever registered an address first, without ever proving it, gets nothing from the list.
      expect((await (await signIn(squatter)).json('GET', '/api/auth/user')).body).toMatchObject({ emailVerified: false, isAdmin: false, roles: [] });
      await server.stop();
    }

    server = await startTestServer({ database, env: { ...DEVELOPMENT, ADMIN_EMAILS: squatter } });
    const owner = await signIn(squatter);
    const resent = await owner.json('POST', '/api/email-auth/resend-verification');
    const token = String(resent.body.verificationUrl).split('/verify-email/')[1]!;
    expect((await owner.json('POST', '/api/email-auth/verify-email', { token })).status).toBe(200);
    expect((await owner.json('GET', '/api/auth/user')).body).toMatchObject({ emailVerified: true, isAdmin: true, roles: ['admin'] });
    await server.stop();
    server = null;
  });
});
