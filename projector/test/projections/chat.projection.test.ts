import { chatStream, type ChatMessagePosted } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatProjection } from '../../src/chat/chat.projection';
import { participationProjection } from '../../src/profiles/participation.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:01:00.000Z';

const chatMessagePosted = (data: ChatMessagePosted['data']) => ({ type: 'ChatMessagePosted' as const, streamId: chatStream(data.topicId, data.userId), data });

describe('chat projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([chatProjection, participationProjection]);
  });
  afterAll(async () => spec.close());

  const topicId = newId();
  const [ada, grace] = [newId(), newId()];
  const message = (userId: string, text: string) => chatMessagePosted({ messageId: newId(), topicId, groupId: 2, userId, message: text });

  it('projects every field of a message, its time the command\u2019s and its position the store\u2019s', async () => {
    const posted = at(T1, message(ada, 'Shall we meet\non Friday?'));
    const outcome = await spec.given([posted]).run();
    const rows = await outcome.rows('chat_messages');
    expect(rows).toEqual([
      {
        id: posted.data.messageId,
        topic_id: topicId,
        group_id: 2,
        user_id: ada,
        message: 'Shall we meet\non Friday?',
        created_at: T1,
        position: expect.any(String),
      },
    ]);
  });

  it('keeps store order for messages of the same instant, by position', async () => {
    const first = at(T1, message(ada, 'First'));
    const second = at(T1, message(grace, 'Second'));
    await spec
      .given([first])
      .when([second])
      .then(expectRows('chat_messages', { columns: ['message'], orderBy: ['created_at', 'position'] }).toEqual([{ message: 'First' }, { message: 'Second' }]));
  });

  it('announces each batch\u2019s topics once, for the live sockets', async () => {
    const otherTopic = newId();
    const outcome = await spec
      .given([
        message(ada, 'One'),
        message(grace, 'Two'),
        chatMessagePosted({ messageId: newId(), topicId: otherTopic, groupId: 2, userId: ada, message: 'Three' }),
      ])
      .run();
    expect([...(outcome.changes[0]!.changes.get('chat_messages') ?? [])]).toEqual([topicId, otherTopic]);
  });

  it('changes nothing when a batch is delivered again', async () => {
    const posted = at(T1, message(ada, 'Only once'));
    await spec
      .given([posted])
      .redelivered()
      .then(expectRows('chat_messages', { columns: ['id'] }).toEqual([{ id: posted.data.messageId }]));
  });

  it('counts a member who chats as taking part in the topic and its group, without points', async () => {
    const chatTopic = newId();
    await spec
      .given([at(T1, chatMessagePosted({ messageId: newId(), topicId: chatTopic, groupId: 5, userId: grace, message: 'Hello' }))])
      .when([at(T2, chatMessagePosted({ messageId: newId(), topicId: chatTopic, groupId: 5, userId: grace, message: 'Again' }))])
      .then(
        expectRows('topic_participants', { columns: ['user_id'], where: { topic_id: chatTopic } }).toEqual([{ user_id: grace }]),
        expectRows('group_activity', { where: { group_id: 5 } }).toEqual([{ group_id: 5, participant_count: 1 }]),
        expectRows('member_stats', { where: { user_id: grace } }).toEqual([]),
      );
  });
});
