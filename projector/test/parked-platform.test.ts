import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@civitas/events';
import { createKysely } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { groupCreated } from './fixture';
import { BAD_EMAIL, NUL_NAME, userRegistered } from './parking-fixture';

describe('the platform with an event the users projection cannot apply', () => {
  let server: TestServer;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  let after = '';
  let bad = '';
  beforeAll(async () => {
    server = await startTestServer();
    store = new PostgresEventStore({ connectionString: server.databaseUrl });
    db = createKysely(server.databaseUrl);
    // Written before the command edge refused NULs: straight into the store.
    const userId = randomUUID();
    bad = (await store.append(`user-${userId}`, [await userRegistered(db, userId, { email: BAD_EMAIL, firstName: NUL_NAME })], 'no_stream')).position;
    after = (await store.append('group-5001', [groupCreated(5001, { name: 'After the bad event' })], 'no_stream')).position;
  });
  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await server?.close();
  });

  it('still answers reads that wait for a position after the bad event', async () => {
    const response = await fetch(`${server.baseUrl}/api/groups/5001`, { headers: { 'X-Civitas-Position': after } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 5001, name: 'After the bad event' });
    expect((await fetch(`${server.baseUrl}/api/groups`, { headers: { 'X-Civitas-Position': after } })).status).toBe(200);
  });

  it('answers /healthz with 200, status degraded, and each projection checkpoint, lag and parked count', async () => {
    const body = await eventually(
      async () =>
        (await fetch(`${server.baseUrl}/healthz`)).json() as Promise<{
          status: string;
          projections?: Record<string, { position: string; lag: unknown; lagSeconds: number; parked: number }>;
        }>,
      (health) => health.status === 'degraded',
    );
    expect(body).toMatchObject({ status: 'degraded', checks: { database: true, projector: true, readModels: true } });
    expect(body.projections!.users).toEqual({ position: expect.any(String), lag: 0, lagSeconds: 0, parked: 1 });
    expect(body.projections!.users!.position >= after).toBe(true);
    expect(body.projections!.groups).toMatchObject({ lag: 0, parked: 0 });
    expect(JSON.stringify(body)).not.toContain('nul.person');
    const rows = await server.query<{ projection: string; position: string; error_code: string }>(
      'select projection, position, error_code from read_model.parked_events',
    );
    expect(rows).toEqual([{ projection: 'users', position: bad, error_code: '22021' }]);
  });
});
