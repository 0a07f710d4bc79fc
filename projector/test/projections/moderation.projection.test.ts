import { contentModerationStream, type ContentHidden, type ContentRestored } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentModerationProjection } from '../../src/moderation/content-moderation.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T11:30:00.000Z';
const T3 = '2026-03-02T08:15:00.000Z';

describe('moderation projection (hidden content)', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(contentModerationProjection);
  });
  afterAll(async () => spec.close());

  const [admin, author, topicId] = [newId(), newId(), newId()];
  const item = (targetType: 'opinion' | 'chat_message' = 'opinion') => ({ targetType, targetId: newId(), topicId, authorId: author, reportId: newId() });
  const hidden = (target: ReturnType<typeof item>, reason = 'Insults another member.') => ({
    type: 'ContentHidden' as const,
    streamId: contentModerationStream(target.targetType, target.targetId),
    data: { ...target, reason, hiddenBy: admin } satisfies ContentHidden['data'],
  });
  const restored = (target: ReturnType<typeof item>) => ({
    type: 'ContentRestored' as const,
    streamId: contentModerationStream(target.targetType, target.targetId),
    data: { ...target, reason: null, restoredBy: admin } satisfies ContentRestored['data'],
  });

  it('keeps each hidden opinion and chat message with its reason, who hid it and when, naming the topic as changed', async () => {
    const [opinion, message] = [item('opinion'), item('chat_message')];
    const outcome = await spec.given([at(T1, hidden(opinion)), at(T2, hidden(message, 'Spam.'))]).run();
    expect(await outcome.rows('hidden_content', { orderBy: ['hidden_at'] })).toEqual([
      {
        target_type: 'opinion',
        target_id: opinion.targetId,
        topic_id: topicId,
        author_id: author,
        report_id: opinion.reportId,
        reason: 'Insults another member.',
        hidden_by: admin,
        hidden_at: T1,
        position: expect.any(String),
      },
      {
        target_type: 'chat_message',
        target_id: message.targetId,
        topic_id: topicId,
        author_id: author,
        report_id: message.reportId,
        reason: 'Spam.',
        hidden_by: admin,
        hidden_at: T2,
        position: expect.any(String),
      },
    ]);
    expect([...(outcome.changes[0]!.changes.get('hidden_content') ?? [])]).toEqual([topicId]);
  });

  it('shows a restored item again, and a hide after the restore is in force, in one batch or several', async () => {
    const opinion = item();
    const events = [at(T1, hidden(opinion)), at(T2, restored(opinion)), at(T3, hidden(opinion, 'Posted again elsewhere: spam.'))];
    const expected = [{ target_id: opinion.targetId, reason: 'Posted again elsewhere: spam.', hidden_at: T3 }];
    const columns = { columns: ['target_id', 'reason', 'hidden_at'] };
    await spec.given(events).then(expectRows('hidden_content', columns).toEqual(expected));
    await spec.given().whenEach(events).then(expectRows('hidden_content', columns).toEqual(expected));
    await spec
      .given([at(T1, hidden(opinion))])
      .when([at(T2, restored(opinion))])
      .then(expectRows('hidden_content', columns).toEqual([]));
  });
});
