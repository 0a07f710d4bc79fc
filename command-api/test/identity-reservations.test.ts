import { createHash, randomUUID } from 'node:crypto';
import { PostgresEventStore, emailStream } from '@civitas/events';
import { createKysely } from '@civitas/service-kit';
import { createKeyedHasher, isWrappedKey } from '@civitas/service-kit/personal-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { buildCommandApp, type CommandApp } from '../../test-support/command-app';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('reservation stream names', () => {
  let server: CommandApp;
  beforeAll(async () => {
    server = await buildCommandApp();
  });
  afterAll(async () => server?.close());
  const streamExists = async (streamId: string) => (await server.query('select 1 from streams where stream_id = $1', [streamId])).length === 1;

  it('name an address by a keyed hash, so the event history cannot be searched for it', async () => {
    const email = uniqueEmail('keyed');
    expect((await new TestClient(server.baseUrl).post('/api/email-auth/register', registration(email))).status).toBe(201);
    // The key is kept wrapped with the vault key: opened here the way the server opens it.
    const [secret] = await server.query<{ value: Buffer }>("select value from platform_secrets where name = 'reservation-key'");
    expect(isWrappedKey(secret!.value)).toBe(true);
    const db = createKysely(server.databaseUrl, { max: 1 });
    const keyed = (await createKeyedHasher(db, 'reservation-key'))(email);
    await db.destroy();
    expect(await streamExists(emailStream(keyed))).toBe(true);
    expect(await streamExists(emailStream(sha256(email)))).toBe(false);
  });

  it('still honour an address reserved under its plain SHA-256 before keyed names', async () => {
    const owner = new TestClient(server.baseUrl);
    const ownerEmail = uniqueEmail('owner');
    const registered = await owner.json('POST', '/api/email-auth/register', registration(ownerEmail));
    const userId = (registered.body as { user: { id: string } }).user.id;
    // An older account: its second address reserved the way sign-up did before keyed names.
    const olderEmail = uniqueEmail('older');
    const store = new PostgresEventStore({ connectionString: server.databaseUrl });
    await store.append(
      emailStream(sha256(olderEmail)),
      [{ id: randomUUID(), type: 'EmailReserved', data: { userId }, metadata: { actorId: userId, time: new Date().toISOString(), schemaVersion: 1 } }],
      'no_stream',
    );
    await store.close();

    const again = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/register', registration(olderEmail));
    expect(again).toEqual({ status: 409, body: { message: 'An account with this email already exists' } });
    const login = await new TestClient(server.baseUrl).json('POST', '/api/email-auth/login', {
      email: olderEmail,
      password: registration(ownerEmail).password,
    });
    expect(login.status).toBe(200);
    expect((login.body as { user: { id: string } }).user.id).toBe(userId);
  });
});
