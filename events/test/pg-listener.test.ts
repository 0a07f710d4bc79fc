import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { PgListener } from '../src/postgres/pg-listener';

describe('PgListener', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('listens again by itself after its connection is killed', async () => {
    const heard: string[] = [];
    let reconnects = 0;
    const listener = new PgListener({ connectionString: database.url }, 'civitas_test_channel', (payload) => heard.push(payload), {
      applicationName: 'civitas-listener-under-test',
      retryMs: 50,
      onReconnect: () => (reconnects += 1),
    });
    await listener.start();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const notify = (payload: string) => admin.query('select pg_notify($1, $2)', ['civitas_test_channel', payload]);
    await notify('before');
    await eventually(
      async () => heard.length,
      (count) => count === 1,
      5000,
    );

    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'civitas-listener-under-test'`);
    await eventually(
      async () => reconnects,
      (count) => count === 1,
      5000,
    );
    await notify('after');
    await eventually(
      async () => heard.length,
      (count) => count === 2,
      5000,
    );
    expect(heard).toEqual(['before', 'after']);
    await listener.close();
    await admin.end();
  });
});
