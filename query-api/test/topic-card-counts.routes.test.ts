import { CATALOGUE } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, newId, opinionPosted, topicCreated, voteCast, voteRetracted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const T = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString();
const OPEN_UNTIL = '2026-04-01T10:00:00.000Z';

describe('GET /api/groups/<id>/topics: the counts on each topic card', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  const [busy, quiet] = [newId(), newId()];
  const [first, second] = [newId(), newId()];

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        T(0),
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    const target = (opinionId: string, userId: string) => ({ opinionId, topicId: busy, groupId: ISLAM, userId });
    await query.record(
      at(T(1), topicCreated(busy, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
      at(T(2), topicCreated(quiet, ISLAM, grace.id, { expiresAt: OPEN_UNTIL })),
      at(T(3), opinionPosted(first, busy, ISLAM, ada.id, 'Every hour.')),
      at(T(4), opinionPosted(second, busy, ISLAM, grace.id, 'Every half hour.')),
      at(T(5), voteCast(target(second, ada.id), 'support')),
      at(T(5), voteCast(target(second, grace.id), 'support')),
      at(T(6), voteCast(target(first, grace.id), 'oppose')),
      // A vote taken back counts no more.
      at(T(7), voteRetracted(target(first, grace.id), 'oppose')),
    );
  });
  afterAll(async () => query.close());

  it('carries the opinions posted and the direct votes cast on them, beside every field of the topic', async () => {
    const answer = await query.get(`/api/groups/${ISLAM}/topics`);
    expect(answer.statusCode).toBe(200);
    const topics = answer.json() as Array<{ id: string; opinionCount: number; voteCount: number; title: string }>;
    expect(topics.map(({ id, opinionCount, voteCount }) => ({ id, opinionCount, voteCount }))).toEqual([
      { id: quiet, opinionCount: 0, voteCount: 0 },
      { id: busy, opinionCount: 2, voteCount: 2 },
    ]);
    // The same as the topic's own stats say.
    expect((await query.get(`/api/topics/${busy}/stats`)).json()).toMatchObject({ totalVotes: 2, totalOpinions: 2 });
    // The list item is the topic's view with the count added.
    const { voteCount, ...view } = topics[1]!;
    expect(voteCount).toBe(2);
    expect(view).toEqual((await query.get(`/api/topics/${busy}`)).json());
  });
});
