import { CHAT_RATE_LIMIT_PER_MINUTE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from '../participation/members';

const DAY = 86_400_000;

describe('POST /api/chat/messages', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  let layla: Member;
  let topicId: string;
  beforeAll(async () => {
    // Sessions outlive the day the closed-topic test steps forward.
    server = await startTestServer({ now: () => new Date(clock), env: { SESSION_IDLE_TIMEOUT_MINUTES: String(3 * 24 * 60) } });
    layla = await newMember(server, 'Layla');
    await verify(layla, SAUDI_ARABIA.name, '1111111111');
    await subscribe(layla, server);
    topicId = (await layla.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic.id;
  });
  afterAll(async () => server?.close());

  const chat = (member: Member | TestClient, body: Record<string, unknown>) =>
    ('browser' in member ? member.browser : member).json('POST', '/api/chat/messages', body);
  const storedOn = async (topic: string) =>
    (await server.query<{ count: string }>(`select count(*) from events where type = 'ChatMessagePosted' and data->>'topicId' = $1`, [topic]))[0]!.count;

  it('stores a message on the member\u2019s own stream of the topic and answers it with the author\u2019s names', async () => {
    const answer = await chat(layla, { topicId, message: '  Shall we meet\r\non Friday?  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      position: expect.any(String),
      message: {
        id: expect.any(String),
        topicId,
        userId: layla.userId,
        message: 'Shall we meet\non Friday?',
        createdAt: new Date(clock).toISOString(),
        user: { firstName: 'Layla', lastName: expect.any(String), profileImageUrl: null },
      },
    });
    const [event] = await server.query(`select stream_id, data from events where type = 'ChatMessagePosted' and data->>'messageId' = $1`, [
      answer.body.message.id,
    ]);
    expect(event).toMatchObject({
      stream_id: `chat-${topicId}-${layla.userId}`,
      data: { topicId, groupId: SAUDI_ARABIA.groupId, userId: layla.userId, message: 'Shall we meet\non Friday?' },
    });
    // The query side shows it, read after the write.
    const messages = await layla.browser.json('GET', `/api/topics/${topicId}/messages`);
    expect(messages.body.map((message: { id: string }) => message.id)).toContain(answer.body.message.id);
  });

  it('refuses blank and oversized messages with the rules\u2019 words, storing nothing', async () => {
    const before = await storedOn(topicId);
    expect(await chat(layla, { topicId, message: '   \n\t ' })).toEqual({ status: 400, body: { message: 'Message cannot be empty' } });
    expect(await chat(layla, { topicId })).toEqual({ status: 400, body: { message: 'Message cannot be empty' } });
    expect(await chat(layla, { topicId, message: 'x'.repeat(2001) })).toEqual({ status: 400, body: { message: 'Message must be at most 2000 characters' } });
    expect(await chat(layla, { topicId, message: 'Hello\u0000' })).toEqual({
      status: 400,
      body: { message: 'Message contains characters that are not allowed' },
    });
    expect(await storedOn(topicId)).toBe(before);
    // 2000 characters after trimming is the most a message may hold.
    expect((await chat(layla, { topicId, message: ` ${'x'.repeat(2000)} ` })).status).toBe(201);
  });

  it('requires a signed-in member', async () => {
    expect(await chat(new TestClient(server.baseUrl), { topicId, message: 'Hello' })).toEqual({ status: 401, body: { message: expect.any(String) } });
  });

  it('answers 404 for a topic that does not exist or was deleted', async () => {
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-topic']) {
      expect(await chat(layla, { topicId: missing, message: 'Hello' })).toEqual({ status: 404, body: { message: 'Topic not found' } });
    }
    const doomed = (await layla.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic.id;
    expect((await layla.browser.json('DELETE', `/api/topics/${doomed}`)).status).toBeLessThan(300);
    expect(await chat(layla, { topicId: doomed, message: 'Hello' })).toEqual({ status: 404, body: { message: 'Topic not found' } });
    expect(await storedOn(doomed)).toBe('0');
  });

  it('refuses members who may not take part in the topic\u2019s group, with the reason', async () => {
    const resident = await newMember(server, 'Resident');
    await subscribe(resident, server);
    const refused = await chat(resident, { topicId, message: 'As a resident I have a view.' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('citizens');
    // In a religion group everyone takes part.
    const open = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
    expect((await chat(resident, { topicId: open, message: 'Here I may speak.' })).status).toBe(201);
  });

  it('refuses messages on a closed topic', async () => {
    const short = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM, { expiresInDays: 1 }))).body.topic.id;
    expect((await chat(layla, { topicId: short, message: 'Before the end.' })).status).toBe(201);
    clock += DAY + 1;
    try {
      expect(await chat(layla, { topicId: short, message: 'Too late.' })).toEqual({ status: 403, body: { message: 'This topic is closed.' } });
    } finally {
      clock -= DAY + 1;
    }
    expect(await storedOn(short)).toBe('1');
  });

  it('allows 30 messages a minute per member, then refuses with a clear message until the minute is over', async () => {
    const fast = await newMember(server, 'Fast');
    const open = (await layla.browser.json('POST', '/api/topics', topicBody(ISLAM))).body.topic.id;
    for (let n = 1; n <= CHAT_RATE_LIMIT_PER_MINUTE; n += 1) expect((await chat(fast, { topicId: open, message: `Message ${n}` })).status).toBe(201);
    const response = await fast.browser.request('POST', '/api/chat/messages', { topicId: open, message: 'One too many' });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ message: 'You are sending messages too fast. Please wait a moment.' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await storedOn(open)).toBe(String(CHAT_RATE_LIMIT_PER_MINUTE));
    // The limit is the member's: another member chats on.
    expect((await chat(layla, { topicId: open, message: 'I am not in a hurry.' })).status).toBe(201);
    // The count lives in PostgreSQL (shared by every process): once its window is over, the member may chat again.
    await server.query(`update rate_limit_counters set window_ends = now() - interval '1 second'`);
    expect((await chat(fast, { topicId: open, message: 'Calmer now.' })).status).toBe(201);
  });
});
