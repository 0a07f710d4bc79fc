import { CATALOGUE, chatStream, type ChatMessagePosted } from '@civitas/events';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, newId, topicCreated, topicDeleted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const OPEN_UNTIL = '2026-04-01T10:00:00.000Z';
const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();

const chatMessagePosted = (data: ChatMessagePosted['data']) => ({ type: 'ChatMessagePosted' as const, streamId: chatStream(data.topicId, data.userId), data });

describe('GET /api/topics/:id/messages', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  const [busy, quiet, privateTopic, deleted] = [newId(), newId(), newId(), newId()];
  /** The busy topic's 130 messages in order, alternating authors, two of them at the same instant. */
  const busyIds: string[] = [];

  const say = (topicId: string, groupId: number, userId: string, message: string, time: string) => {
    const messageId = newId();
    return { messageId, event: at(time, chatMessagePosted({ messageId, topicId, groupId, userId, message })) };
  };

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        minute(0),
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    await query.record(
      at(minute(1), topicCreated(busy, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
      at(minute(1), topicCreated(quiet, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
      at(minute(1), topicCreated(privateTopic, ada.groups.family, ada.id, { type: 'family_discussion', expiresAt: OPEN_UNTIL })),
      at(minute(1), topicCreated(deleted, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
    );
    const events = [];
    for (let n = 0; n < 130; n += 1) {
      // Messages 10 and 11 share an instant: store order (position) decides between them.
      const { messageId, event } = say(busy, ISLAM, n % 2 === 0 ? ada.id : grace.id, `Message ${n}`, minute(10 + (n === 11 ? 10 : n)));
      busyIds.push(messageId);
      events.push(event);
    }
    await query.record(
      ...events,
      say(privateTopic, ada.groups.family, ada.id, 'Family only', minute(5)).event,
      say(deleted, ISLAM, ada.id, 'Before deletion', minute(5)).event,
      at(minute(6), topicDeleted(deleted, ISLAM, ada.id)),
    );
  });
  afterAll(async () => query.close());

  const messagesOf = (topicId: string, as: Member | null = ada, before?: string) =>
    query.get(`/api/topics/${topicId}/messages${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`, as ? { as } : {});

  it('gives the last 100 messages oldest first, each with its author\u2019s names and createdAt', async () => {
    const answer = await messagesOf(busy);
    expect(answer.statusCode).toBe(200);
    const messages = answer.json() as Array<{ id: string; topicId: string; userId: string; message: string; createdAt: string; user: unknown }>;
    expect(messages.map((message) => message.id)).toEqual(busyIds.slice(30));
    expect(messages.at(-1)).toEqual({
      id: busyIds[129],
      topicId: busy,
      userId: grace.id,
      message: 'Message 129',
      createdAt: minute(139),
      user: { firstName: 'Grace', lastName: 'Tester', profileImageUrl: null },
    });
    expect(messages[0]!.user).toMatchObject({ firstName: 'Ada' });
  });

  it('pages back before a message id, and before a position, to the first message', async () => {
    const page = await messagesOf(busy, ada, busyIds[30]);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((message: { id: string }) => message.id)).toEqual(busyIds.slice(0, 30));
    // The position of a message (as the POST reply and the socket frame give it) names it too.
    const { position } = await query.db
      .withSchema(READ_SCHEMA)
      .selectFrom('chat_messages')
      .select('position')
      .where('id', '=', busyIds[12]!)
      .executeTakeFirstOrThrow();
    const byPosition = await messagesOf(busy, ada, position as string);
    expect(byPosition.json().map((message: { id: string }) => message.id)).toEqual(busyIds.slice(0, 12));
    expect((await messagesOf(busy, ada, busyIds[0])).json()).toEqual([]);
  });

  it('orders messages of the same instant by where they stand in the store', async () => {
    const page = (await messagesOf(busy, ada, busyIds[13])).json() as Array<{ message: string }>;
    expect(page.slice(-3).map((message) => message.message)).toEqual(['Message 10', 'Message 11', 'Message 12']);
  });

  it('refuses a cursor that names no message of the topic', async () => {
    for (const before of [newId(), 'yesterday', '0000000000000001-0000000000000001']) {
      const answer = await messagesOf(busy, ada, before);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'No such message to page before' });
    }
    // Another topic's message is not a cursor here.
    const quietAnswer = await messagesOf(quiet, ada, busyIds[50]);
    expect(quietAnswer.statusCode).toBe(400);
  });

  it('answers an empty list for a topic nobody has chatted on', async () => {
    expect((await messagesOf(quiet)).json()).toEqual([]);
  });

  it('shows a topic\u2019s chat only to whom the topic GET shows it: signed in, not deleted, not a foreign private group', async () => {
    expect((await messagesOf(busy, null)).statusCode).toBe(401);
    expect((await messagesOf(privateTopic, ada)).json().map((message: { message: string }) => message.message)).toEqual(['Family only']);
    for (const [topicId, member] of [
      [privateTopic, grace],
      [deleted, ada],
      [newId(), ada],
      ['not-an-id', ada],
    ] as const) {
      const answer = await messagesOf(topicId, member);
      expect(answer.statusCode, topicId).toBe(404);
      expect(answer.json()).toEqual({ message: 'Topic not found' });
      // The topic GET agrees.
      expect((await query.get(`/api/topics/${topicId}`, { as: member })).statusCode).toBe(404);
    }
  });
});
