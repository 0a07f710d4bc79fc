import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, opinionPosted, topicCreated, topicDeleted, voteCast, voteRetracted } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

describe('query-api GET /api/user/stats', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers 401 JSON signed out', async () => {
    const answer = await query.get('/api/user/stats');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers zeros for a member who has not taken part', async () => {
    const member = await query.member('Ada');
    const answer = await query.get('/api/user/stats', { as: member });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ topicsCreated: 0, votesCast: 0, opinionsPosted: 0, participationScore: 0 });
  });

  it('answers the member\u2019s own counts and score (+5 per topic, +2 per opinion, +1 per standing vote)', async () => {
    const [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    const [kept, deleted] = [newId(), newId()];
    const [first, second] = [newId(), newId()];
    const vote = (opinionId: string, userId: string) => ({ opinionId, topicId: kept, groupId: 2, userId });
    await query.record(
      topicCreated(kept, 2, ada.id), topicCreated(deleted, 2, ada.id), topicDeleted(deleted, 2, ada.id),
      opinionPosted(first, kept, 2, ada.id), opinionPosted(second, kept, 2, grace.id),
      voteCast(vote(first, ada.id), 'support'), voteCast(vote(second, ada.id), 'support'), voteCast(vote(second, ada.id), 'oppose', 'support'),
      voteCast(vote(first, grace.id), 'oppose'), voteRetracted(vote(first, grace.id), 'oppose'),
    );
    expect((await query.get('/api/user/stats', { as: ada })).json()).toEqual({ topicsCreated: 1, votesCast: 2, opinionsPosted: 1, participationScore: 5 + 2 + 2 });
    expect((await query.get('/api/user/stats', { as: grace })).json()).toEqual({ topicsCreated: 0, votesCast: 0, opinionsPosted: 1, participationScore: 2 });
  });
});
