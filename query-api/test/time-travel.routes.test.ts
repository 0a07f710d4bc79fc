import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { newId, opinionPosted, topicCreated, voteCast } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();

describe('asOf on the tally reads: the tallies that stood then, recounted from the events', () => {
  let query: QueryApp;
  let ada: Member;
  let ben: Member;
  const topicId = newId();
  const opinionId = newId();
  let beforeChange = '';

  beforeAll(async () => {
    query = await startQueryApp();
    [ada, ben] = [await query.member('Ada'), await query.member('Ben')];
    // A family group: its members take part, so Ben joins first.
    const group = ada.groups.family;
    await query.record(
      at(minute(1), { type: 'GroupMemberJoined', streamId: `group-${group}`, data: { groupId: group, userId: ben.id, role: 'member', isLeader: false } }),
      at(minute(2), topicCreated(topicId, group, ada.id, { type: 'family_discussion' })),
      at(minute(3), opinionPosted(opinionId, topicId, group, ada.id, 'Dinner at seven.')),
      at(minute(4), voteCast({ opinionId, topicId, groupId: group, userId: ada.id }, 'support')),
      at(minute(5), voteCast({ opinionId, topicId, groupId: group, userId: ben.id }, 'support')),
    );
    beforeChange = minute(5);
    await query.record(at(minute(6), voteCast({ opinionId, topicId, groupId: group, userId: ben.id }, 'oppose', 'support')));
  });
  afterAll(async () => query.close());

  it('answers the opinions and stats as they stood before a vote was changed, and today without asOf', async () => {
    const now = (await query.get(`/api/topics/${topicId}/opinions`, { as: ada })).json();
    expect(now[0]).toMatchObject({ id: opinionId, supportCount: 1, opposeCount: 1, weightedSupport: 1, weightedOppose: 1 });
    const then = await query.get(`/api/topics/${topicId}/opinions?asOf=${encodeURIComponent(beforeChange)}`, { as: ada });
    expect(then.statusCode).toBe(200);
    expect(then.json()[0]).toMatchObject({ id: opinionId, supportCount: 2, opposeCount: 0, weightedSupport: 2, weightedOppose: 0, voteCount: 2 });
    const stats = (await query.get(`/api/topics/${topicId}/stats?asOf=${encodeURIComponent(beforeChange)}`, { as: ada })).json();
    expect(stats).toEqual({ participants: 2, totalVotes: 2, totalOpinions: 1, support: 2, oppose: 0 });
    const beforeOpinion = (await query.get(`/api/topics/${topicId}/opinions?asOf=${encodeURIComponent(minute(2))}`, { as: ada })).json();
    expect(beforeOpinion).toEqual([]);
  });

  it('answers 404 before the topic existed and 400 for an asOf that is neither a time nor a position', async () => {
    expect((await query.get(`/api/topics/${topicId}/opinions?asOf=${encodeURIComponent(minute(1))}`, { as: ada })).statusCode).toBe(404);
    const bad = await query.get(`/api/topics/${topicId}/stats?asOf=yesterday`, { as: ada });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'asOf must be an ISO time or a position.' });
  });
});
