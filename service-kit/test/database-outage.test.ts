import { ConflictError, DATABASE_CONNECT_TIMEOUT_MS } from '@civitas/events';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { createKysely } from '../src/database';
import { DatabaseOutage, isConnectionFailure, isPoolSaturation } from '../src/database-outage';

/** What a promise rejected with (the test fails if it resolved). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isConnectionFailure', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('knows a refused connection, as node-postgres reports it through a pool', async () => {
    const db = createKysely(`postgres://postgres@127.0.0.1:${await closedPort()}/civitas`);
    const error = await failureOf(() => db.selectNoFrom((eb) => eb.val(1).as('one')).execute());
    expect(isConnectionFailure(error)).toBe(true);
    await db.destroy();
  });

  it('knows a server that accepts and never answers (a black hole): the pool gives up after its connect timeout', async () => {
    const held: net.Socket[] = [];
    const hole = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${(hole.address() as net.AddressInfo).port}/civitas`,
      connectionTimeoutMillis: 200,
    });
    const error = await failureOf(() => pool.query('select 1'));
    expect(isConnectionFailure(error)).toBe(true);
    await pool.end().catch(() => undefined);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hole.close(resolve));
    // Every pool of ours has one, and it is a few seconds.
    expect(DATABASE_CONNECT_TIMEOUT_MS).toBe(5_000);
  });

  it('knows a connection the server ended (57P01) and the query that was on it', async () => {
    const victim = new pg.Client({ connectionString: database.url });
    victim.on('error', () => undefined);
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const sleeping = failureOf(() => victim.query('select pg_sleep(10)'));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    const error = await sleeping;
    expect((error as { code?: string }).code).toBe('57P01');
    expect(isConnectionFailure(error)).toBe(true);
    // The next query on that client meets the driver's own message.
    expect(isConnectionFailure(await failureOf(() => victim.query('select 1')))).toBe(true);
  });

  it('does not take a refused query for an outage', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const syntax = await failureOf(() => client.query('selec 1'));
    await client.query('create table once (id int primary key)');
    await client.query('insert into once values (1)');
    const duplicate = await failureOf(() => client.query('insert into once values (1)'));
    const missing = await failureOf(() => client.query('select * from nowhere'));
    await client.end();
    for (const error of [syntax, duplicate, missing, new ConflictError('taken'), new Error('Connection terminated'), null, 'ECONNREFUSED']) {
      expect(isConnectionFailure(error), String((error as { code?: string } | null)?.code ?? error)).toBe(false);
    }
  });

  it('knows the connection SQLSTATEs, too many connections, and failures wrapped in a cause or an AggregateError', () => {
    for (const code of ['08000', '08003', '08006', '08001', '57P02', '57P03', '53300', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']) {
      expect(isConnectionFailure(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isConnectionFailure(new AggregateError([refused], ''))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated due to connection timeout', { cause: refused }))).toBe(true);
    expect(isConnectionFailure(new Error('query failed', { cause: new Error('Connection terminated due to connection timeout') }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });
});

describe('a pool with no client free in time', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('is told apart from an outage: noticed (the error handler answers 503), one line a minute that names it, never "database unavailable"', async () => {
    // The server is up; the pool's only client is held, so the next checkout waits out the connect timeout.
    const pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 100 });
    const held = await pool.connect();
    const error = await failureOf(() => pool.query('select 1'));
    held.release();
    expect(isPoolSaturation(error)).toBe(true);
    expect(isConnectionFailure(error)).toBe(false);
    await pool.end();

    let now = 0;
    const lines: Array<[string, string]> = [];
    const outage = new DatabaseOutage(
      { warn: (_object, message) => void lines.push(['warn', message]), info: (_object, message) => void lines.push(['info', message]) },
      () => now,
    );
    for (let attempt = 0; attempt < 20; attempt += 1) expect(outage.noticed(error)).toBe(true);
    expect(outage.isDown).toBe(false);
    now += 60_000;
    outage.noticed(new Error('query failed', { cause: error }));
    expect(lines).toEqual([
      ['warn', 'database connections all in use'],
      ['warn', 'database connections all in use'],
    ]);
  });
});

describe('DatabaseOutage', () => {
  it('logs once when the database goes and once when it comes back, however often it is met', () => {
    const lines: Array<[string, string]> = [];
    const outage = new DatabaseOutage({
      warn: (_object, message) => void lines.push(['warn', message]),
      info: (_object, message) => void lines.push(['info', message]),
    });
    const lost = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    outage.reachable();
    expect(outage.noticed(new ConflictError('taken'))).toBe(false);
    for (let attempt = 0; attempt < 50; attempt += 1) expect(outage.noticed(lost)).toBe(true);
    expect(outage.isDown).toBe(true);
    outage.reachable();
    outage.reachable();
    outage.noticed(lost);
    expect(lines).toEqual([
      ['warn', 'database unavailable'],
      ['info', 'database available again'],
      ['warn', 'database unavailable'],
    ]);
  });
});
