import { POSITION_HEADER } from '@civitas/events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERNATIONAL, newMember, subscribe, topicBody, type Member } from '../../command-api/test/participation/members';
import { openLive, type LiveFrame, type LiveSocket } from '../../test-support/live-client';
import { startStreamingPair, type StreamingPair } from '../../test-support/streaming-replica';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { ReplicaReplay } from '../src/lib/replica-replay';
import { startQueryApiReplica } from './live/query-api-replica';

const READ_ONLY_TRANSACTION = '25006';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Production's topology on one machine: commands, the projector and sessions on a primary; a
// query-api process (as query-api/src/server.ts runs it) reading its read models from a real
// streaming standby of it. Pausing the standby's replay makes its lag as long as a test needs.
describe('query-api on a streaming read replica (READ_DATABASE_URL)', () => {
  let pair: StreamingPair;
  let server: TestServer;
  let query: Awaited<ReturnType<typeof startQueryApiReplica>>;
  let author: Member;
  const sockets: LiveSocket[] = [];

  const pauseReplay = async () => {
    await pair.onReplica('select pg_wal_replay_pause()');
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await pair.onReplica<{ state: string }>('select pg_get_wal_replay_pause_state() as state'))[0]!.state === 'paused') return;
      await sleep(10);
    }
    throw new Error('the replica did not pause its replay');
  };
  const resumeReplay = () => pair.onReplica('select pg_wal_replay_resume()');
  const timed = async (read: () => Promise<Response>) => {
    const started = Date.now();
    const response = await read();
    return { response, ms: Date.now() - started };
  };

  beforeAll(async () => {
    pair = await startStreamingPair();
    await pair.onPrimary('create database civitas');
    server = await startTestServer({ database: { url: pair.primaryUrl('civitas'), drop: pair.stop } });
    query = await startQueryApiReplica(server.databaseUrl, {
      READ_DATABASE_URL: pair.replicaUrl('civitas'),
      PUBLIC_BASE_URL: server.baseUrl,
      COMMAND_API_URL: server.baseUrl,
    });
    author = await newMember(server, 'Layla');
    await subscribe(author, server);
  }, 60_000);
  afterEach(async () => {
    await resumeReplay();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await query?.close();
    // Stops the platform, then (its database's drop) both PostgreSQL servers and their folder.
    await (server ? server.close() : pair?.stop());
  });

  it('reads from a standby that is streaming from the primary and refuses every write', async () => {
    const { readDb } = query.runtime;
    expect(query.runtime.readsReplica).toBe(true);
    const reader = await sql<{ standby: boolean; receiving: boolean }>`
      select pg_is_in_recovery() as standby, exists(select 1 from pg_stat_wal_receiver where status = 'streaming') as receiving`.execute(readDb);
    expect(reader.rows[0]).toEqual({ standby: true, receiving: true });
    const senders = await pair.onPrimary<{ state: string }>('select state from pg_stat_replication');
    expect(senders).toEqual([{ state: 'streaming' }]);

    const write = sql`create table read_replica_probe (id int)`.execute(readDb);
    await expect(write).rejects.toMatchObject({ code: READ_ONLY_TRANSACTION });
    const landed = await server.query<{ found: boolean }>(`select to_regclass('read_replica_probe') is not null as found`);
    expect(landed).toEqual([{ found: false }]);
  });

  it('holds queued work until the standby has replayed the primary\u2019s commits, then runs it in order', async () => {
    const { db, readDb } = query.runtime;
    const ran: number[] = [];
    const replay = new ReplicaReplay(db, readDb);
    await pauseReplay();
    // A commit the paused standby has not replayed (txid_current() makes the transaction write its commit record).
    await server.query('select txid_current()');
    for (const step of [1, 2, 3]) replay.after(() => ran.push(step));
    await sleep(300);
    expect(ran).toEqual([]);
    await resumeReplay();
    for (let tries = 0; tries < 100 && ran.length < 3; tries += 1) await sleep(20);
    expect(ran).toEqual([1, 2, 3]);
    replay.close();

    // A reader that is no standby (a promoted one, or the primary itself) has every commit: work runs at once.
    const onPrimary = new ReplicaReplay(db, db);
    const done = new Promise<void>((resolve) => onPrimary.after(resolve));
    await expect(done).resolves.toBeUndefined();
  });

  it('makes a read wait until the replica has replayed the write it names, by header or by session', async () => {
    await pauseReplay();
    const created = await author.browser.json('POST', '/api/topics', topicBody(INTERNATIONAL, { title: 'Replicas serve the reads' }));
    expect(created.status).toBe(201);
    const { topic, position } = created.body as { topic: { id: string }; position: string };
    const topicPath = `/api/topics/${topic.id}`;
    // The primary has the topic; the paused replica has not, so the query-api reading it waits for it, then 503.
    expect((await fetch(`${server.baseUrl}${topicPath}`, { headers: { [POSITION_HEADER]: position } })).status).toBe(200);
    const refused = await timed(() => fetch(`${query.baseUrl}${topicPath}`, { headers: { [POSITION_HEADER]: position } }));
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('1');
    expect(refused.ms).toBeGreaterThanOrEqual(1900);
    // Without the wait the replica's read is plainly stale: a visitor with no position is told there is no such topic.
    expect((await fetch(`${query.baseUrl}${topicPath}`)).status).toBe(404);

    // The session's own position is read on the primary: no header needed, and the wait ends once the replica replays.
    const bySession = timed(() => fetch(`${query.baseUrl}${topicPath}`, { headers: { cookie: author.browser.cookieHeader } }));
    const byHeader = timed(() => fetch(`${query.baseUrl}${topicPath}`, { headers: { [POSITION_HEADER]: position } }));
    await sleep(300);
    await resumeReplay();
    for (const read of await Promise.all([bySession, byHeader])) {
      expect(read.response.status).toBe(200);
      expect(await read.response.json()).toMatchObject({ id: topic.id, title: 'Replicas serve the reads' });
      expect(read.ms).toBeGreaterThanOrEqual(250);
      expect(read.ms).toBeLessThan(1900);
    }
  });

  it('pushes a chat message on /ws only once the replica has replayed it, read from the replica', async () => {
    const outsider = await newMember(server, 'Omar');
    const topic = (await author.browser.json('POST', '/api/topics', topicBody(INTERNATIONAL, { title: 'A topic to chat about' }))).body.topic as { id: string };
    const socket = await openLive(query.baseUrl, { cookie: outsider.browser.cookieHeader, origin: server.baseUrl });
    sockets.push(socket);
    const isChat = (text: string) => (frame: LiveFrame) => frame.type === 'chat' && frame.data.message === text;
    // The answer's createdAt is read from the clock apart from the event's time (command-api's chat service): a millisecond may part them.
    const framed = (answer: { body: { message: object; position: string } }) => ({
      type: 'chat',
      data: { ...answer.body.message, createdAt: expect.any(String) },
      position: answer.body.position,
    });

    await pauseReplay();
    const posted = await author.browser.json('POST', '/api/chat/messages', { topicId: topic.id, message: 'Heard on the primary, read on the replica' });
    expect(posted.status).toBe(201);
    // The projector's notice came from the primary at once; the message is not on the replica yet, so nothing is pushed.
    await sleep(500);
    expect(socket.frames.filter(isChat('Heard on the primary, read on the replica'))).toEqual([]);
    await resumeReplay();
    const pushed = await socket.next(isChat('Heard on the primary, read on the replica'));
    expect(pushed).toEqual(framed(posted));

    // With replay running, a message reaches the socket as it does on one database.
    const next = await author.browser.json('POST', '/api/chat/messages', { topicId: topic.id, message: 'And the next one' });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(await socket.next(isChat('And the next one'))).toEqual(framed(next));
  });
});
