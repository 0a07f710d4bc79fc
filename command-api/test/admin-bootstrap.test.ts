import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { startTestServer, type TestServer } from '../../test-support/test-server';

describe('ADMIN_EMAILS for an account that already exists', () => {
  let database: TestDatabase;
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('grants admin at the next start, once', async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database });
    const email = uniqueEmail('founder');
    const browser = new TestClient(server.baseUrl);
    await browser.post('/api/email-auth/register', registration(email));
    expect((await browser.json('GET', '/api/auth/user')).body).toMatchObject({ isAdmin: false, roles: [] });
    await server.stop();

    for (let start = 0; start < 2; start += 1) {
      server = await startTestServer({ database, env: { ADMIN_EMAILS: email.toUpperCase() } });
      const again = new TestClient(server.baseUrl);
      await again.post('/api/email-auth/login', { email, password: 'correct horse battery staple' });
      // Granted at start-up, before this client wrote anything: read until the projection has it.
      const me = await eventually(() => again.json('GET', '/api/auth/user'), (answer) => answer.body.isAdmin === true);
      expect(me.body).toMatchObject({ isAdmin: true, roles: ['admin'] });
      await server.stop();
    }
    server = null;
  });
});
