import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadModels } from '@civitas/projector/read-models';
import { createKysely } from '@civitas/service-kit/database';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { refuseSuspendedMembers } from '../../src/moderation/suspension-guard';
import { Suspensions } from '../../src/moderation/suspensions';
import { newMember, type Member } from '../participation/members';
import { makeAdmin } from './moderation-members';

/** The guard in a process that has not read the banned list yet (a restart: the server answers before start-up ends). */
describe('the suspension guard before the banned list was read', () => {
  let server: TestServer;
  let db: Kysely<any>;
  let banned: Member;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await makeAdmin(server, await newMember(server, 'Amal'));
    banned = await newMember(server, 'Fahad');
    expect((await admin.browser.json('POST', `/api/admin/users/${banned.userId}/ban`, { reason: 'Spam' })).status).toBe(200);
    db = createKysely(server.databaseUrl);
    await eventually(
      () => db.withSchema(READ_SCHEMA).selectFrom('users').select('is_banned').where('id', '=', banned.userId).executeTakeFirst(),
      (row) => row?.is_banned === true,
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.close();
  });

  it('reads the list first, so a banned member is refused from the very first command', async () => {
    // Never started: no notices, no poll; the first command must still know the ban.
    const suspensions = new Suspensions({
      readModels: db.withSchema(READ_SCHEMA) as Kysely<ReadModels>,
      connectionString: null,
      log: { error: () => undefined },
    });
    const auth = { current: async () => ({ userId: banned.userId }) } as unknown as SessionAuth;
    const app = Fastify();
    refuseSuspendedMembers(app, { auth, suspensions });
    app.post('/api/topics', async () => ({ created: true }));
    expect(suspensions.isLoaded).toBe(false);
    const answer = await app.inject({ method: 'POST', url: '/api/topics', payload: {} });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: 'Your account is suspended: Spam' });
    expect(suspensions.isLoaded).toBe(true);
    await app.close();
  });
});
