import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AFTER, quorumWorld } from './quorum-world';

/**
 * Closing law topics held to a quorum and a majority (issue #34 item 3; docs/decisions.md, Quorum and
 * majority) from their events alone, on real PostgreSQL: the count is the tally module's
 * (closing-count.ts), the decision the topic decider's. Each case has a group of its own.
 */
describe('closing a topic held to a quorum and a majority', () => {
  const { subscribe, verify, group, topic, opinion, vote, delegate, close, services } = quorumWorld();

  it('enacts a family law when exactly its quorum takes part, delegation counted, and nothing when one less does', async () => {
    const { groupId, members } = await group('family', 10);
    const [m1, m2, m3, m4, m5] = members as [string, string, string, string, string];
    // m3 takes part through m1: three of ten, the 30% asked.
    await delegate(groupId, m3, m1);
    const reached = await topic(groupId, [m1], { quorumPercent: 30 });
    await vote(groupId, reached.topicId, reached.opinionIds[0]!, [m1, m2]);
    const enacted = await close(reached.topicId);
    expect(enacted.closed).toMatchObject({ quorum: { percent: 30, eligibleWeight: 10, participatingWeight: 3, reached: true }, decidedBy: 'majority' });
    expect(enacted.enacted).toMatchObject({ opinionId: reached.opinionIds[0], weightedSupport: 3, weightedOppose: 0 });

    const short = await topic(groupId, [m4], { quorumPercent: 30 });
    await vote(groupId, short.topicId, short.opinionIds[0]!, [m4, m5]);
    const below = await close(short.topicId);
    expect(below.closed).toMatchObject({
      quorum: { percent: 30, eligibleWeight: 10, participatingWeight: 2, reached: false },
      decidedBy: 'quorum_not_reached',
    });
    expect(below.types).toEqual(['TopicCreated', 'TopicClosed']);
    expect(below.outcome.enactedOpinionId).toBeNull();
  });

  it('enacts the leading opinion only with more than half of the weight that took part; a topic opened before quorums keeps the old rule', async () => {
    const { groupId, members } = await group('family', 10);
    const [m1, m2, m3, m4, m5, m6, m7, m8] = members as [string, string, string, string, string, string, string, string];
    /** X: 3 for (and `moreForX`), 2 against; Y: 2 for. X leads and beats its opposition. */
    const cast = async (extra: { quorumPercent?: number }, moreForX: string[] = []) => {
      const { topicId, opinionIds } = await topic(groupId, [m1, m6], extra);
      const [x, y] = opinionIds as [string, string];
      await vote(groupId, topicId, x, [m1, m2, m3, ...moreForX]);
      await vote(groupId, topicId, x, [m4, m5], 'oppose');
      await vote(groupId, topicId, y, [m6, m7]);
      return { topicId, x };
    };
    // 3 of the 7 who took part: no majority.
    const minority = await close((await cast({ quorumPercent: 10 })).topicId);
    expect(minority.closed).toMatchObject({ quorum: { participatingWeight: 7, reached: true }, decidedBy: 'no_majority' });
    expect(minority.enacted).toBeUndefined();
    // 4 of 8 is half, not more.
    const half = await close((await cast({ quorumPercent: 10 }, [m8])).topicId);
    expect(half.closed).toMatchObject({ quorum: { participatingWeight: 8 }, decidedBy: 'no_majority' });
    expect(half.enacted).toBeUndefined();
    // The same ballots on a topic opened before quorums: most support, beating its opposition, is enough; no figures are recorded.
    const legacy = await cast({});
    const old = await close(legacy.topicId);
    expect(old.enacted).toMatchObject({ opinionId: legacy.x, weightedSupport: 3, weightedOppose: 2 });
    expect(old.closed).not.toHaveProperty('quorum');
    expect(old.closed).not.toHaveProperty('decidedBy');
  });

  it('counts a national group\u2019s eligible weight from the verifications as they stood at expiry, and records it', async () => {
    const { groupId } = await group('national', 0, 'oman');
    const citizens = Array.from({ length: 4 }, () => randomUUID());
    for (const userId of citizens) await verify(userId, 'oman');
    // Approved only after the expiry, and a citizen of another country: neither could take part.
    const [late, foreigner] = [randomUUID(), randomUUID()];
    await verify(late, 'oman', AFTER);
    await verify(foreigner, 'qatar');
    const { topicId, opinionIds } = await topic(groupId, [citizens[0]!], { quorumPercent: 50 });
    // Two of the four citizens vote (the other two never do); the foreigner's vote weighs nothing.
    await vote(groupId, topicId, opinionIds[0]!, [citizens[0]!, citizens[1]!, foreigner]);
    const { closed, enacted } = await close(topicId);
    expect(closed).toMatchObject({ quorum: { percent: 50, eligibleWeight: 4, participatingWeight: 2, reached: true }, decidedBy: 'majority' });
    expect(enacted).toMatchObject({ opinionId: opinionIds[0], weightedSupport: 2 });
  });

  it('counts only the subscribed members of a business group as eligible', async () => {
    const { groupId, members } = await group('business', 5);
    const [owner, b1, b2, unsubscribed, lapsed] = members as [string, string, string, string, string];
    for (const userId of [owner, b1, b2]) await subscribe(userId);
    // Paid until before the expiry: no longer subscribed at the count.
    await subscribe(lapsed, '2026-11-25T00:00:00.000Z');
    const { topicId, opinionIds } = await topic(groupId, [b1], { quorumPercent: 60 });
    await vote(groupId, topicId, opinionIds[0]!, [b1, b2, unsubscribed]);
    const { closed, enacted } = await close(topicId);
    // Two of the three subscribed: 67%, enough; counted among five, it would not be.
    expect(closed).toMatchObject({ quorum: { percent: 60, eligibleWeight: 3, participatingWeight: 2, reached: true }, decidedBy: 'majority' });
    expect(enacted).toMatchObject({ opinionId: opinionIds[0], weightedSupport: 2 });
  });

  it('holds a topic to the quorum in force when it opened: a change applies to topics opened after it', async () => {
    const { groupId, members } = await group('family', 10);
    const [owner, voter] = members as [string, string];
    await subscribe(owner);
    const open = (title: string) =>
      services.topics.create(owner, { title, description: 'Should the family budget pay for a new car?', type: 'law_amendment', groupId, expiresInDays: 14 });
    const before = await open('The car, first');
    await services.groups.setQuorum(owner, groupId, { topicType: 'law_amendment', quorumPercent: 50 });
    const after = await open('The car, again');
    expect([before.topic.quorumPercent, after.topic.quorumPercent]).toEqual([10, 50]);
    // Two of ten take part in each: enough for the 10% the first opened under, not for 50%.
    const decided = [];
    for (const { topic: opened } of [before, after]) {
      const opinionId = await opinion(opened.topicId, groupId, owner);
      await vote(groupId, opened.topicId, opinionId, [owner, voter]);
      decided.push(await close(opened.topicId, 'law_amendment', opened.expiresAt));
    }
    expect(decided.map(({ closed }) => [closed.quorum, closed.decidedBy])).toEqual([
      [{ percent: 10, eligibleWeight: 10, participatingWeight: 2, reached: true }, 'majority'],
      [{ percent: 50, eligibleWeight: 10, participatingWeight: 2, reached: false }, 'quorum_not_reached'],
    ]);
    expect(decided.map(({ enacted }) => enacted !== undefined)).toEqual([true, false]);
  });
});
