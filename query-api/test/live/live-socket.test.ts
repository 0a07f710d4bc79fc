import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_TOO_LONG,
  INTERNATIONAL_NEEDS_SUBSCRIPTION,
  PostgresEventStore,
  chatStream,
  createEventRegistry,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNATIONAL, ISLAM, newMember, subscribe, topicBody, type Member } from '../../../command-api/test/participation/members';
import { CLOSE_GRACE_MS } from '../../../command-api/src/topics/topic-closing';
import { eventually } from '../../../test-support/eventually';
import { RefusedUpgrade, openLive, type LiveFrame, type LiveSocket } from '../../../test-support/live-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { startQueryApiReplica } from './query-api-replica';

// Two query-api processes over one database: the all-in-one server (chat frames through its
// own command route) and a replica as query-api/src/server.ts runs it (chat frames over HTTP).
describe('the live socket at /ws, across two query-api processes', () => {
  let server: TestServer;
  let replica: Awaited<ReturnType<typeof startQueryApiReplica>>;
  let author: Member;
  let outsider: Member;
  let topicId: string;
  let otherTopicId: string;
  const sockets: LiveSocket[] = [];
  const MAX_BUFFERED = 256 * 1024;

  const open = async (baseUrl: string, member: Member | null, origin = server.baseUrl) => {
    const socket = await openLive(baseUrl, { cookie: member?.browser.cookieHeader, origin });
    sockets.push(socket);
    return socket;
  };
  const storedChat = async (userId: string) =>
    Number(
      (await server.query<{ count: string }>(`select count(*) from events where type = 'ChatMessagePosted' and data->>'userId' = $1`, [userId]))[0]!.count,
    );
  const isChat = (text: string) => (frame: LiveFrame) => frame.type === 'chat' && frame.data.message === text;

  beforeAll(async () => {
    server = await startTestServer();
    replica = await startQueryApiReplica(
      server.databaseUrl,
      { PUBLIC_BASE_URL: server.baseUrl, COMMAND_API_URL: server.baseUrl },
      { maxBufferedBytes: MAX_BUFFERED },
    );
    author = await newMember(server, 'Layla');
    await subscribe(author, server);
    outsider = await newMember(server, 'Omar');
    const created = await author.browser.json('POST', '/api/topics', topicBody(INTERNATIONAL));
    expect(created.status).toBe(201);
    topicId = created.body.topic.id;
    otherTopicId = (await author.browser.json('POST', '/api/topics', topicBody(INTERNATIONAL, { title: 'Another topic to talk about' }))).body.topic.id;
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await replica?.close();
    await server?.close();
  });

  it('refuses an upgrade without a session (401) and from a foreign origin (403)', async () => {
    for (const baseUrl of [server.baseUrl, replica.baseUrl]) {
      await expect(openLive(baseUrl, { origin: server.baseUrl })).rejects.toEqual(new RefusedUpgrade(401));
      await expect(openLive(baseUrl, { cookie: `${author.browser.session.name}=not-a-session`, origin: server.baseUrl })).rejects.toEqual(
        new RefusedUpgrade(401),
      );
      await expect(openLive(baseUrl, { cookie: author.browser.cookieHeader, origin: 'https://evil.example' })).rejects.toEqual(new RefusedUpgrade(403));
      await expect(openLive(baseUrl, { cookie: author.browser.cookieHeader })).rejects.toEqual(new RefusedUpgrade(403));
    }
  });

  it('delivers a chat frame sent on one process to the sockets of the other, without any handshake', async () => {
    const onServer = await open(server.baseUrl, outsider);
    const onReplica = await open(replica.baseUrl, author);
    onReplica.send({ type: 'chat', data: { topicId, message: '  Hello from the replica  ' } });
    const seen = await onServer.next(isChat('Hello from the replica'));
    expect(seen).toMatchObject({ data: { topicId, userId: author.userId, user: { firstName: 'Layla' } }, position: expect.any(String) });
    // The sender's own socket gets it too, with the same id and position.
    expect(await onReplica.next(isChat('Hello from the replica'))).toEqual(seen);

    const authorOnServer = await open(server.baseUrl, author);
    authorOnServer.send({ type: 'chat', data: { topicId, message: 'And back from the server' } });
    await onReplica.next(isChat('And back from the server'));
    await onServer.next(isChat('And back from the server'));
  });

  it('narrows a socket to the topics it subscribed to', async () => {
    const narrowed = await open(replica.baseUrl, outsider);
    narrowed.send({ type: 'subscribe', data: { topicIds: [otherTopicId] } });
    const everything = await open(replica.baseUrl, outsider);
    // Subscribe frames are read before the chat frames that follow (one socket, in order).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sender = await open(server.baseUrl, author);
    sender.send({ type: 'chat', data: { topicId, message: 'On the first topic' } });
    sender.send({ type: 'chat', data: { topicId: otherTopicId, message: 'On the other topic' } });
    await everything.next(isChat('On the first topic'));
    await narrowed.next(isChat('On the other topic'));
    await everything.next(isChat('On the other topic'));
    expect(narrowed.frames.filter(isChat('On the first topic'))).toEqual([]);
  });

  it('answers an ineligible member, a blank and an oversized message with error frames, and stores nothing', async () => {
    for (const baseUrl of [server.baseUrl, replica.baseUrl]) {
      const ineligible = await open(baseUrl, outsider);
      ineligible.send({ type: 'chat', data: { topicId, message: 'May I join?' } });
      expect(await ineligible.next((frame) => frame.type === 'error')).toEqual({ type: 'error', data: { message: INTERNATIONAL_NEEDS_SUBSCRIPTION } });

      const member = await open(baseUrl, author);
      const before = await storedChat(author.userId);
      member.send({ type: 'chat', data: { topicId, message: ' \n\t ' } });
      expect(await member.next((frame) => frame.type === 'error')).toEqual({ type: 'error', data: { message: CHAT_MESSAGE_BLANK } });
      member.send({ type: 'chat', data: { topicId, message: 'x'.repeat(2001) } });
      expect(await member.next((frame) => frame.type === 'error' && frame.data.message !== CHAT_MESSAGE_BLANK)).toEqual({
        type: 'error',
        data: { message: CHAT_MESSAGE_TOO_LONG },
      });
      member.send({ type: 'typing', data: {} });
      await member.next((frame) => frame.type === 'error' && frame.data.message === 'Unknown frame type');
      member.ws.send('not json');
      await member.next((frame) => frame.type === 'error' && frame.data.message === 'Frames must be JSON text');
      // Whatever comes after a refusal is still read: the socket stays open.
      member.send({ type: 'chat', data: { topicId, message: `Still here on ${baseUrl}` } });
      await member.next(isChat(`Still here on ${baseUrl}`));
      expect(await storedChat(outsider.userId)).toBe(0);
      expect(await storedChat(author.userId)).toBe(before + 1);
    }
  });

  it('closes a socket that sends a frame over 64 KiB', async () => {
    const socket = await open(replica.baseUrl, author);
    const before = await storedChat(author.userId);
    socket.ws.send(JSON.stringify({ type: 'chat', data: { topicId, message: 'x'.repeat(65 * 1024) } }));
    expect((await socket.closed).code).toBe(1009);
    expect(await storedChat(author.userId)).toBe(before);
  });

  it('pushes a message posted over REST the same way, and GET /api/topics/<id>/messages has it', async () => {
    const onServer = await open(server.baseUrl, outsider);
    const onReplica = await open(replica.baseUrl, outsider);
    const posted = await author.browser.json('POST', '/api/chat/messages', { topicId, message: 'Posted over REST' });
    expect(posted.status).toBe(201);
    const pushed = await onReplica.next(isChat('Posted over REST'));
    expect(pushed).toEqual({ type: 'chat', data: posted.body.message, position: posted.body.position });
    expect(await onServer.next(isChat('Posted over REST'))).toEqual(pushed);
    const listed = await eventually(
      async () => (await outsider.browser.json('GET', `/api/topics/${topicId}/messages`)).body as Array<{ id: string }>,
      (list) => list.some((message) => message.id === posted.body.message.id),
    );
    expect(listed.at(-1)).toEqual(posted.body.message);
  });

  it('pushes opinion and tally changes with their topic after the projection committed', async () => {
    const watching = await open(replica.baseUrl, outsider);
    const posted = await author.browser.json('POST', '/api/opinions', { topicId, content: 'Chat should stay civil and on the topic.' });
    expect(posted.status).toBe(201);
    const opinions = await watching.next((frame) => frame.type === 'opinions' && frame.data.topicId === topicId);
    expect(opinions.position! >= posted.body.position).toBe(true);
    await watching.next((frame) => frame.type === 'topicStats' && frame.data.topicId === topicId);
    // What the frame announces is there to read at its position.
    const read = await outsider.browser.request('GET', `/api/topics/${topicId}/opinions`, undefined, { 'x-civitas-position': opinions.position! });
    expect(((await read.json()) as unknown[]).length).toBe(1);
  });

  it('closes a member\u2019s sockets on every process when they sign out', async () => {
    const leaving = await newMember(server, 'Sami');
    const onServer = await open(server.baseUrl, leaving);
    const onReplica = await open(replica.baseUrl, leaving);
    const staying = await open(replica.baseUrl, outsider);
    expect((await leaving.browser.post('/api/logout', {})).status).toBe(200);
    expect(await onServer.closed).toEqual({ code: 4001, reason: 'Session ended' });
    expect(await onReplica.closed).toEqual({ code: 4001, reason: 'Session ended' });
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
  });

  it('closes a member\u2019s sockets past the per-member cap with a clear reason', async () => {
    const member = await newMember(server, 'Nadia');
    const first = await Promise.all(Array.from({ length: 8 }, () => open(replica.baseUrl, member)));
    const ninth = await open(replica.baseUrl, member);
    expect(await ninth.closed).toEqual({ code: 4008, reason: 'Too many open connections' });
    expect(first.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
    // The cap is per process: the other process still takes one.
    const elsewhere = await open(server.baseUrl, member);
    expect(elsewhere.ws.readyState).toBe(elsewhere.ws.OPEN);
  });

  it('drops a socket that does not answer pings, and one whose session expired, at the next ping round', async () => {
    const quick = await startQueryApiReplica(server.databaseUrl, { PUBLIC_BASE_URL: server.baseUrl, COMMAND_API_URL: server.baseUrl }, { pingIntervalMs: 150 });
    try {
      const member = await newMember(server, 'Rami');
      const answering = await open(quick.baseUrl, outsider);
      const silent = await open(quick.baseUrl, outsider);
      const expiring = await open(quick.baseUrl, member);
      // A client that stops reading answers no ping either.
      (silent.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const { token } = member.browser.session;
      await server.query(`update sessions set expire = now() - interval '1 second' where sid = encode(sha256(convert_to($1, 'utf8')), 'hex')`, [token]);
      expect(await expiring.closed).toEqual({ code: 4001, reason: 'Session ended' });
      await new Promise((resolve) => setTimeout(resolve, 600));
      (silent.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      expect((await silent.closed).code).toBe(1006);
      expect(answering.ws.readyState).toBe(answering.ws.OPEN);
    } finally {
      await quick.close();
    }
  });

  it('does not let a socket that stops reading delay the others; it is dropped past its buffer limit', async () => {
    const slow = await open(replica.baseUrl, outsider);
    const fast = await Promise.all([open(replica.baseUrl, outsider), open(replica.baseUrl, author)]);
    // The slow client stops reading its socket: frames pile up in the kernel, then in the server's buffer.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // A flood no member could send (the rate limit): the projector's chat rows, as the command would append them.
    const store = new PostgresEventStore({ connectionString: server.databaseUrl });
    const registry = createEventRegistry();
    // ~10 MB: more than the kernel's socket buffers take on loopback (up to ~4 MB sent, more received), so the server's buffer fills.
    const count = 5000;
    const text = (i: number) => `flood ${i} ${'y'.repeat(1900)}`;
    const started = Date.now();
    try {
      for (let i = 0; i < count; i += 50) {
        const batch = Array.from({ length: 50 }, (_, j) => {
          const data = { messageId: randomUUID(), topicId, groupId: INTERNATIONAL, userId: author.userId, message: text(i + j) };
          const { schemaVersion } = registry.prepare({ type: 'ChatMessagePosted', data });
          return { id: randomUUID(), type: 'ChatMessagePosted', data, metadata: { schemaVersion, time: new Date().toISOString(), actorId: author.userId } };
        });
        await store.append(chatStream(topicId, author.userId), batch, 'any');
      }
    } finally {
      await store.close();
    }
    for (const socket of fast) await socket.next(isChat(text(count - 1)), 30_000);
    const elapsed = Date.now() - started;
    for (const socket of fast) expect(socket.frames.filter((frame) => frame.type === 'chat' && frame.data.message.startsWith('flood')).length).toBe(count);
    // ~10 MB went to each fast socket while the slow one read nothing.
    expect(elapsed).toBeLessThan(20_000);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // Dropped, not closed: a close frame would have waited behind everything it did not read.
    const timedOut = new Promise<{ code: number }>((resolve) => setTimeout(() => resolve({ code: -1 }), 10_000));
    expect((await Promise.race([slow.closed, timedOut])).code).toBe(1006);
    expect(slow.frames.filter((frame) => frame.type === 'chat' && frame.data.message.startsWith('flood')).length).toBeLessThan(count);
  }, 60_000);
});

describe('statsUpdate on the live socket', () => {
  const DAY = 86_400_000;
  let server: TestServer;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    // The clock travels to close a topic; sessions must outlive the journey.
    server = await startTestServer({
      now: () => new Date(clock),
      env: { SCHEDULER_INTERVAL_SECONDS: '0.2', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' },
    });
  }, 60_000);
  afterAll(async () => server?.close());

  it('is pushed when the platform statistics changed (a dispute resolved), not for every topic change', async () => {
    const author = await newMember(server, 'Huda');
    await subscribe(author, server);
    const socket = await openLive(server.baseUrl, { cookie: author.browser.cookieHeader, origin: server.baseUrl });
    try {
      const topic = (await author.browser.json('POST', '/api/topics', topicBody(ISLAM, { type: 'dispute_resolution', expiresInDays: 1 }))).body.topic;
      expect((await author.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Settle it by mediation first.' })).status).toBe(201);
      await socket.next((frame) => frame.type === 'opinions' && frame.data.topicId === topic.id);
      expect(socket.frames.filter((frame) => frame.type === 'statsUpdate')).toEqual([]);

      clock += DAY + CLOSE_GRACE_MS;
      const update = await socket.next((frame) => frame.type === 'statsUpdate', 15_000);
      expect(update).toEqual({ type: 'statsUpdate', position: expect.any(String) });
      const stats = await author.browser.request('GET', '/api/platform/stats', undefined, { 'x-civitas-position': update.position! });
      expect(((await stats.json()) as { resolvedDisputes: number }).resolvedDisputes).toBe(1);
    } finally {
      socket.ws.terminate();
    }
  }, 60_000);
});
