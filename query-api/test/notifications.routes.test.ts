import {
  DEFAULT_MAIL_DELIVERY,
  NOTIFICATIONS_BAD_CURSOR,
  chatStream,
  contentModerationStream,
  delegationStream,
  notificationReadsStream,
  notificationSettingsStream,
  type NotificationItem,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCreated, memberJoined, newId, opinionPosted, roleGranted, topicCreated, voteCast } from '../../projector/test/spec-events';
import { NOW, startQueryApp, type Member, type QueryApp } from './query-app';

const GROUP = 900;
const CLOSES_SOON = new Date(NOW.getTime() + 6 * 3_600_000).toISOString();

describe('GET /api/notifications', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let linus: Member;
  let late: Member;
  const topic = newId();
  const closing = newId();
  const familyTopic = newId();
  const opinion = newId();
  const hiddenMessage = newId();
  const shownMessage = newId();

  const feed = async (member: Member, query_ = '') => {
    const response = await query.get(`/api/notifications${query_}`, { as: member });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: NotificationItem[]; unreadCount: number; nextCursor: string | null };
  };
  const types = (items: NotificationItem[]) => items.map((item) => item.type);

  beforeAll(async () => {
    query = await startQueryApp();
    [ada, grace, linus] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus')];
    const admin = await query.member('Hind');
    await query.record(
      groupCreated(GROUP, { name: 'Riyadh neighbours' }),
      memberJoined(GROUP, ada.id),
      memberJoined(GROUP, grace.id),
      memberJoined(GROUP, linus.id),
      {
        type: 'DelegationAssigned',
        streamId: delegationStream(GROUP, grace.id),
        data: { delegationId: newId(), groupId: GROUP, delegatorId: grace.id, delegateId: linus.id, previousDelegationId: null, previousDelegateId: null },
      },
      topicCreated(topic, GROUP, ada.id, { title: 'Night buses' }),
      topicCreated(familyTopic, ada.groups.family, ada.id, { title: 'Family dinner' }),
      opinionPosted(opinion, topic, GROUP, ada.id),
      voteCast({ opinionId: opinion, topicId: topic, groupId: GROUP, userId: linus.id }, 'support'),
      topicCreated(closing, GROUP, ada.id, { title: 'Park benches', expiresAt: CLOSES_SOON }),
      roleGranted(admin.id, 'admin'),
      ...[hiddenMessage, shownMessage].map((messageId, index) => ({
        type: 'ChatMessagePosted',
        streamId: chatStream(topic, ada.id),
        data: { messageId, topicId: topic, groupId: GROUP, userId: ada.id, message: index === 0 ? 'Secret @Grace' : 'Hello @Grace', mentions: [grace.id] },
      })),
      {
        type: 'ContentHidden',
        streamId: contentModerationStream('chat_message', hiddenMessage),
        data: { targetType: 'chat_message', targetId: hiddenMessage, topicId: topic, authorId: ada.id, reportId: newId(), reason: 'Spam.', hiddenBy: admin.id },
      },
    );
    late = await query.member('Late');
    await query.record(memberJoined(GROUP, late.id));
  });
  afterAll(async () => query.close());

  it('lists a member’s notifications newest first, each named and linked, with the unread count', async () => {
    const { items, unreadCount, nextCursor } = await feed(grace);
    // Grace delegates in GROUP, so the topic closing soon does not need her: no closing_soon.
    expect(types(items)).toEqual(['mention', 'mention', 'topic_opened', 'delegate_voted', 'topic_opened']);
    expect(unreadCount).toBe(5);
    expect(nextCursor).toBeNull();
    const [shown, hidden, , delegateVoted, opened] = items;
    expect(shown).toMatchObject({
      id: `mention:${shownMessage}:${grace.id}`,
      excerpt: 'Hello @Grace',
      actor: { id: ada.id, firstName: 'Ada', lastName: 'Tester' },
    });
    // A message an admin hid is not repeated in a notification.
    expect(hidden).toMatchObject({ id: `mention:${hiddenMessage}:${grace.id}`, excerpt: null });
    expect(delegateVoted).toEqual({
      id: `delegate_voted:${topic}:${grace.id}`,
      type: 'delegate_voted',
      occurredAt: expect.any(String),
      read: false,
      path: `/topic/${topic}`,
      group: { id: GROUP, name: 'Riyadh neighbours' },
      topic: { id: topic, title: 'Night buses' },
      actor: { id: linus.id, firstName: 'Linus', lastName: 'Tester' },
      closesAt: '2026-04-01T10:00:00.000Z',
      outcome: null,
      excerpt: null,
    });
    expect(opened).toMatchObject({ type: 'topic_opened', path: `/topic/${topic}`, topic: { title: 'Night buses' }, actor: { id: ada.id } });
  });

  it('tells only members of a group, only of what came after they joined, and never of their own topics', async () => {
    // Ada created every topic (she is still reminded to vote in hers); Linus is not in Ada's family group.
    expect(types((await feed(ada)).items)).toEqual(['closing_soon']);
    expect((await feed(linus)).items.map((item) => item.topic?.title)).toEqual(['Park benches', 'Park benches', 'Night buses']);
    expect(types((await feed(linus)).items)).toEqual(['closing_soon', 'topic_opened', 'topic_opened']);
    // Joined after both topics opened: only the reminder that one closes soon.
    expect((await feed(late)).items).toMatchObject([{ id: `closing:${closing}`, type: 'closing_soon', closesAt: CLOSES_SOON, path: `/topic/${closing}` }]);
  });

  it('drops the reminder once the member voted, and a delegate’s vote once the member voted in that topic themselves', async () => {
    const closingOpinion = newId();
    await query.record(
      opinionPosted(closingOpinion, closing, GROUP, ada.id),
      voteCast({ opinionId: closingOpinion, topicId: closing, groupId: GROUP, userId: late.id }, 'oppose'),
      voteCast({ opinionId: opinion, topicId: topic, groupId: GROUP, userId: grace.id }, 'oppose'),
    );
    expect(types((await feed(late)).items)).toEqual([]);
    expect(types((await feed(grace)).items)).not.toContain('delegate_voted');
  });

  it('marks single items and everything as read, and pages by cursor without repeats', async () => {
    const before = await feed(grace);
    const [first] = before.items;
    await query.record({
      type: 'NotificationsRead',
      streamId: notificationReadsStream(grace.id),
      data: { userId: grace.id, itemIds: [first!.id], readAt: NOW.toISOString() },
    });
    const after = await feed(grace);
    expect(after.items[0]).toMatchObject({ id: first!.id, read: true });
    expect(after.unreadCount).toBe(before.unreadCount - 1);

    const page1 = await feed(grace, '?limit=2');
    expect(page1.items).toHaveLength(2);
    const page2 = await feed(grace, `?limit=2&before=${page1.nextCursor}`);
    expect(page2.nextCursor).toBeNull();
    expect([...page1.items, ...page2.items].map((item) => item.id)).toEqual(after.items.map((item) => item.id));

    await query.record({
      type: 'NotificationsRead',
      streamId: notificationReadsStream(grace.id),
      data: { userId: grace.id, itemIds: null, readAt: NOW.toISOString() },
    });
    const all = await feed(grace);
    expect(all.unreadCount).toBe(0);
    expect(all.items.every((item) => item.read)).toBe(true);
  });

  it('refuses the signed out before anything, and a bad cursor or limit with a message', async () => {
    expect((await query.get('/api/notifications?limit=0')).statusCode).toBe(401);
    for (const url of ['/api/notifications?before=bm90LWEtY3Vyc29y', '/api/notifications?before=%00%01']) {
      const response = await query.get(url, { as: grace });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: NOTIFICATIONS_BAD_CURSOR });
    }
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const response = await query.get(`/api/notifications?limit=${limit}`, { as: grace });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/limit must be a whole number from 1 to 100/);
    }
  });
});

describe('GET /api/notifications/unsubscribe', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('sends a browser that opened a mailed link to the page that asks first, token kept, nothing changed', async () => {
    const token = 'u1.abc.mention.sig/+=';
    const response = await query.get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    // An absolute or scheme-relative address never comes out of it: the page is ours.
    const sneaky = await query.get(`/api/notifications/unsubscribe?token=${encodeURIComponent('//evil.example/x')}`);
    expect(sneaky.headers.location).toBe('/unsubscribe?token=%2F%2Fevil.example%2Fx');
    expect((await query.get('/api/notifications/unsubscribe')).statusCode).toBe(400);
  });
});

describe('GET /api/notifications/settings', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers the defaults until the member chooses, then their choices and language', async () => {
    const ada = await query.member('Ada');
    expect((await query.get('/api/notifications/settings')).statusCode).toBe(401);
    expect((await query.get('/api/notifications/settings', { as: ada })).json()).toEqual({ deliveries: DEFAULT_MAIL_DELIVERY, language: 'en' });
    await query.record(
      {
        type: 'NotificationDeliveryChosen',
        streamId: notificationSettingsStream(ada.id),
        data: { userId: ada.id, type: 'topic_opened', delivery: 'weekly', via: 'settings' },
      },
      { type: 'NotificationLanguageChosen', streamId: notificationSettingsStream(ada.id), data: { userId: ada.id, language: 'ar' } },
    );
    expect((await query.get('/api/notifications/settings', { as: ada })).json()).toEqual({
      deliveries: { ...DEFAULT_MAIL_DELIVERY, topic_opened: 'weekly' },
      language: 'ar',
    });
  });
});
