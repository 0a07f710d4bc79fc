import { randomUUID } from 'node:crypto';
import { opinionStream, topicStream } from '@civitas/events';
import { describe, expect, it } from 'vitest';
import { CLOSED_AT, closingWorld, EXPIRES } from './closing-world';

const GROUP = 4344;

/**
 * Closing a law topic decided among its opinions (issue #34 item 2) from its events alone: the count
 * is the tally module's (Schulze over [no change, ...opinions in posting order], closing-count.ts),
 * the decision the topic decider's, on real PostgreSQL. Voters are citizens of the group's country
 * made of their verification events; "no change" is the topic's own id.
 */
describe('closing a law topic decided among its opinions', () => {
  const { append, citizens, delegate, rank, close: closeTopic } = closingWorld(GROUP);
  /** A law amendment opened with method 'schulze' and an opinion for each author, posted in that order. */
  const lawTopic = async (authors: string[]) => {
    const topicId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId: GROUP,
        title: 'Harbour fees',
        description: 'What should harbour fees be next year?',
        type: 'law_amendment',
        createdBy: authors[0]!,
        isMainElection: false,
        expiresAt: EXPIRES,
        method: 'schulze',
      },
    });
    const opinionIds: string[] = [];
    for (const [index, userId] of authors.entries()) {
      const opinionId = randomUUID();
      opinionIds.push(opinionId);
      await append(opinionStream(opinionId), { type: 'OpinionPosted', data: { opinionId, topicId, groupId: GROUP, userId, content: `Proposal ${index + 1}` } });
    }
    return { topicId, opinionIds };
  };
  /** Ballots of the same ranking, one per voter. */
  const rankAll = async (topicId: string, voters: Array<string | undefined>, ranking: string[][]) => {
    for (const voter of voters) await rank(topicId, voter!, ranking);
  };
  /** Counts and closes the topic as the scheduler does, and gives the events closing appended. */
  const close = async (topicId: string) => {
    const { outcome, types, data } = await closeTopic(topicId, 'law_amendment');
    return { outcome, types, closed: data('TopicClosed')!, enacted: data('LawEnacted') };
  };

  it('enacts the Schulze winner, not the opinion with the most first preferences nor the one most preferred to no change, with its figures against no change', async () => {
    // 2x A>nc>B, 2x A>B>nc, 2x B>A>nc, 1x B>nc>A, 2x nc>B>A. A has the most first preferences (4) and
    // is preferred to no change most (6:3); B beats A 5:4 and no change 5:4, so B is enacted.
    const [authorA, authorB, ...voters] = await citizens(11);
    const { topicId, opinionIds } = await lawTopic([authorA!, authorB!]);
    const [A, B] = opinionIds as [string, string];
    const nc = topicId;
    await rankAll(topicId, voters.slice(0, 2), [[A], [nc], [B]]);
    await rankAll(topicId, voters.slice(2, 4), [[A], [B], [nc]]);
    // One of them first ranked otherwise: only the ballot standing at expiry counts.
    await rank(topicId, voters[4]!, [[nc], [A]]);
    await rankAll(topicId, voters.slice(4, 6), [[B], [A], [nc]]);
    await rank(topicId, voters[6]!, [[B], [nc], [A]]);
    await rankAll(topicId, voters.slice(7, 9), [[nc], [B], [A]]);

    const { outcome, closed, enacted } = await close(topicId);
    expect(outcome.enactedOpinionId).toBe(B);
    // Each opinion against no change: support = ballots ranking it above, oppose = no change above it (no delegation: direct = weighted).
    expect(closed.tallies).toEqual([
      { subjectId: A, supportCount: 6, opposeCount: 3, weightedSupport: 6, weightedOppose: 3 },
      { subjectId: B, supportCount: 5, opposeCount: 4, weightedSupport: 5, weightedOppose: 4 },
    ]);
    // Rows and columns [no change, A, B]: pairwise[i][j] the weight preferring i to j.
    expect(closed).toMatchObject({
      type: 'law_amendment',
      method: 'schulze',
      pairwise: [
        [0, 3, 4],
        [6, 0, 4],
        [5, 5, 0],
      ],
    });
    expect(enacted).toEqual({
      topicId,
      groupId: GROUP,
      opinionId: B,
      proposerId: authorB,
      type: 'law_amendment',
      weightedSupport: 5,
      weightedOppose: 4,
      enactedAt: CLOSED_AT,
    });
  });

  it('enacts nothing when no change is the Schulze winner, though an opinion beats it head to head', async () => {
    // A cycle: no change beats A 6:3, A beats B 7:2, B beats no change 5:4. Strongest paths: no change
    // reaches A at 6 and B at 6 (through A); A and B reach it at 5. No change wins; B, preferred to it,
    // is not enacted (support and oppose alone would have enacted it). Three ballots leave no change unnamed: last.
    const [authorA, authorB, ...voters] = await citizens(11);
    const { topicId, opinionIds } = await lawTopic([authorA!, authorB!]);
    const [A, B] = opinionIds as [string, string];
    const nc = topicId;
    await rankAll(topicId, voters.slice(0, 4), [[nc], [A], [B]]);
    await rankAll(topicId, voters.slice(4, 7), [[A], [B]]);
    await rankAll(topicId, voters.slice(7, 9), [[B], [nc], [A]]);

    const { outcome, types, closed, enacted } = await close(topicId);
    expect(outcome.enactedOpinionId).toBeNull();
    expect(types).toEqual(['TopicCreated', 'TopicClosed']);
    expect(enacted).toBeUndefined();
    expect(closed).toMatchObject({
      method: 'schulze',
      pairwise: [
        [0, 6, 4],
        [3, 0, 7],
        [5, 2, 0],
      ],
      tallies: [
        { subjectId: A, supportCount: 3, opposeCount: 6, weightedSupport: 3, weightedOppose: 6 },
        { subjectId: B, supportCount: 5, opposeCount: 4, weightedSupport: 5, weightedOppose: 4 },
      ],
    });
  });

  it('lets delegation decide: a delegator counts with the first ranking on their chain, whole, unless they rank themselves', async () => {
    // Directly, A is preferred to no change by 1 ballot against 2: no change would stand. v1's two
    // delegators (one through the other) carry v1's ranking, so A beats no change 3:2 and B 3:2.
    // d2 lends to v1 too but ranks B alone: their own ballot counts (with v1's, B would lose 1:5).
    const [authorA, authorB, v1, v2, v3, d1, d2, d3] = await citizens(8);
    const { topicId, opinionIds } = await lawTopic([authorA!, authorB!]);
    const [A, B] = opinionIds as [string, string];
    const nc = topicId;
    await rank(topicId, v1!, [[A], [nc], [B]]);
    await rank(topicId, v2!, [[B], [nc], [A]]);
    await rank(topicId, v3!, [[nc]]);
    await delegate(d1!, v1!);
    await delegate(d3!, d1!);
    await delegate(d2!, v1!);
    await rank(topicId, d2!, [[B]]);

    const { outcome, closed, enacted } = await close(topicId);
    expect(outcome.enactedOpinionId).toBe(A);
    expect(closed).toMatchObject({
      method: 'schulze',
      pairwise: [
        [0, 2, 4],
        [3, 0, 3],
        [2, 2, 0],
      ],
      tallies: [
        { subjectId: A, supportCount: 1, opposeCount: 2, weightedSupport: 3, weightedOppose: 2 },
        { subjectId: B, supportCount: 2, opposeCount: 2, weightedSupport: 2, weightedOppose: 4 },
      ],
    });
    expect(enacted).toMatchObject({ opinionId: A, proposerId: authorA, weightedSupport: 3, weightedOppose: 2 });
  });

  it('closes a topic nobody ranked with no law and a matrix of no change and its opinions, all 0', async () => {
    const [authorA] = await citizens(1);
    const { topicId } = await lawTopic([authorA!]);
    const { types, closed } = await close(topicId);
    expect(types).toEqual(['TopicCreated', 'TopicClosed']);
    expect(closed).toMatchObject({
      method: 'schulze',
      pairwise: [
        [0, 0],
        [0, 0],
      ],
    });
  });
});
