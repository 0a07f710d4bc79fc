import { DEFAULT_MAIL_DELIVERY, MARK_READ_NEEDS_ONE, NOTIFICATION_SETTINGS_EMPTY } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ISLAM, newMember, subscribe, topicBody, type Member } from '../participation/members';

/** Through the whole platform over HTTP, with nothing but each member's session cookie. */
describe('notifications over HTTP', () => {
  let server: TestServer;
  let ada: Member;
  let grace: Member;
  beforeAll(async () => {
    server = await startTestServer();
    [ada, grace] = [await newMember(server, 'Ada'), await newMember(server, 'Grace')];
  });
  afterAll(async () => server?.close());

  const feed = async (member: Member) => (await member.browser.json('GET', '/api/notifications')).body;

  it('tells a member who took part in a group of a new topic there at once, and marks it read for their next read', async () => {
    await subscribe(ada, server);
    const first = await ada.browser.json('POST', '/api/topics', topicBody(ISLAM, { title: 'Mosque opening hours' }));
    expect(first.status).toBe(201);
    // Grace takes part in the (open) group from her first opinion on: what opened before is not news to her.
    const opinion = await grace.browser.json('POST', '/api/opinions', { topicId: first.body.topic.id, content: 'Open them after the night prayer as well.' });
    expect(opinion.status).toBe(201);
    const created = await ada.browser.json('POST', '/api/topics', topicBody(ISLAM, { title: 'Quran classes for children' }));
    expect(created.status).toBe(201);
    // Ada's write is not Grace's own: her read names its position, as the live frame's position does in the app.
    const response = await grace.browser.get('/api/notifications', { 'x-civitas-position': created.body.position });
    const before = { body: (await response.json()) as { items: Array<{ id: string; type: string; topic: { title: string } | null }>; unreadCount: number } };
    expect(response.status, JSON.stringify(before.body)).toBe(200);
    const opened = before.body.items.find((item) => item.topic?.title === 'Quran classes for children')!;
    expect(opened).toMatchObject({ type: 'topic_opened', read: false, path: `/topic/${created.body.topic.id}`, actor: { id: ada.userId, firstName: 'Ada' } });
    expect(before.body.items.filter((item: { type: string }) => item.type === 'topic_opened')).toHaveLength(1);
    expect((await feed(ada)).items.filter((item: { type: string }) => item.type === 'topic_opened')).toEqual([]);

    const marked = await grace.browser.json('POST', '/api/notifications/read', { ids: [opened.id] });
    expect(marked).toEqual({ status: 200, body: { position: expect.any(String) } });
    const after = await feed(grace);
    expect(after.items.find((item: { id: string }) => item.id === opened.id).read).toBe(true);
    expect(after.unreadCount).toBe(before.body.unreadCount - 1);

    expect((await grace.browser.json('POST', '/api/notifications/read', { all: true })).status).toBe(200);
    expect((await feed(grace)).unreadCount).toBe(0);
  });

  it('keeps delivery choices and the language, answered at once to the member’s next read', async () => {
    const saved = await ada.browser.json('PUT', '/api/notifications/settings', { deliveries: { topic_opened: 'weekly', mention: 'never' }, language: 'ar' });
    expect(saved).toEqual({
      status: 200,
      body: { deliveries: { ...DEFAULT_MAIL_DELIVERY, topic_opened: 'weekly', mention: 'never' }, language: 'ar', position: expect.any(String) },
    });
    expect(await ada.browser.json('GET', '/api/notifications/settings')).toEqual({
      status: 200,
      body: { deliveries: { ...DEFAULT_MAIL_DELIVERY, topic_opened: 'weekly', mention: 'never' }, language: 'ar' },
    });
    // The same again records nothing.
    expect((await ada.browser.json('PUT', '/api/notifications/settings', { deliveries: { mention: 'never' } })).body.position).toBeNull();
  });

  it('refuses visitors with 401 before any 400, and malformed bodies with a message', async () => {
    const visitor = new TestClient(server.baseUrl);
    for (const body of [{ all: true }, { ids: 'x' }, {}]) expect((await visitor.json('POST', '/api/notifications/read', body)).status).toBe(401);
    expect((await visitor.json('PUT', '/api/notifications/settings', { language: 'xx' })).status).toBe(401);
    const refusals: Array<[string, string, unknown, string | RegExp]> = [
      ['POST', '/api/notifications/read', {}, MARK_READ_NEEDS_ONE],
      ['POST', '/api/notifications/read', { ids: ['a'], all: true }, MARK_READ_NEEDS_ONE],
      ['POST', '/api/notifications/read', { ids: [] }, MARK_READ_NEEDS_ONE],
      ['POST', '/api/notifications/read', { all: false }, 'all must be true'],
      ['POST', '/api/notifications/read', { ids: Array.from({ length: 101 }, (_, n) => `id-${n}`) }, 'At most 100 notifications at once'],
      ['PUT', '/api/notifications/settings', {}, NOTIFICATION_SETTINGS_EMPTY],
      ['PUT', '/api/notifications/settings', { deliveries: { mention: 'hourly' } }, /delivery must be/],
      ['PUT', '/api/notifications/settings', { language: 'fr' }, "language must be 'en' or 'ar'"],
    ];
    for (const [method, url, body, message] of refusals) {
      const answer = await grace.browser.json(method, url, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });
});
