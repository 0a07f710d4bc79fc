import { randomUUID } from 'node:crypto';
import { ballotStream, candidacyStream, topicStream, type ElectionMethod } from '@civitas/events';
import { describe, expect, it } from 'vitest';
import { CLOSED_AT, closingWorld, EXPIRES } from './closing-world';

const GROUP = 4343;

/**
 * Closing a Schulze or an approval election from its events alone (issue #34 items 1 and 4): the
 * count is the tally module's (closing-count.ts), the decision the topic decider's, on real
 * PostgreSQL. Members are citizens of the group's country made of their verification events.
 */
describe('closing an election by its method', () => {
  const { append, citizens, delegate, rank, close: closeTopic } = closingWorld(GROUP);
  /** An election of `method` with a candidate for each of `standing`, registered in that order. */
  const election = async (method: ElectionMethod, standing: string[]) => {
    const topicId = randomUUID();
    await append(topicStream(topicId), {
      type: 'TopicCreated',
      data: {
        topicId,
        groupId: GROUP,
        title: 'Harbour board',
        description: 'Who chairs the harbour board next year?',
        type: 'election',
        createdBy: standing[0]!,
        isMainElection: false,
        expiresAt: EXPIRES,
        method,
      },
    });
    const candidateIds: string[] = [];
    for (const userId of standing) {
      const candidateId = randomUUID();
      candidateIds.push(candidateId);
      await append(candidacyStream(topicId, userId), { type: 'CandidateRegistered', data: { candidateId, topicId, groupId: GROUP, userId, statement: '' } });
    }
    return { topicId, candidateIds };
  };
  const approve = (topicId: string, userId: string, approvals: string[]) =>
    append(ballotStream(topicId, userId), { type: 'ApprovalBallotCast', data: { topicId, groupId: GROUP, userId, approvals } });
  /** Counts and closes the election as the scheduler does, and gives the events closing appended. */
  const close = async (topicId: string) => {
    const { outcome, data } = await closeTopic(topicId, 'election');
    return { outcome, closed: data('TopicClosed')!, decided: data('ElectionDecided')! };
  };

  it('elects the Schulze winner where the first preferences lead elsewhere, delegators counting with their delegate\u2019s ranking unless they ranked', async () => {
    // Weights 3x A>B>C, 2x C>B>A, 2x B>C>A: A has the most first preferences, B beats both A (4:3) and C (5:2).
    const [candidateA, candidateB, candidateC, a1, a2, a3, c1, c2, b1, b2] = await citizens(10);
    const { topicId, candidateIds } = await election('schulze', [candidateA!, candidateB!, candidateC!]);
    const [A, B, C] = candidateIds as [string, string, string];
    await rank(topicId, a1!, [[A], [B], [C]]);
    await delegate(a2!, a1!); // did not rank: counts with a1's ranking
    await rank(topicId, a3!, [[A], [B], [C]]);
    await rank(topicId, c1!, [[C], [B], [A]]);
    await rank(topicId, c2!, [[C], [B], [A]]);
    await rank(topicId, b1!, [[B], [C], [A]]);
    // b2 lends to a1 but ranks for themself: their own ranking counts, not a1's (with a1's, A would win 4:3).
    await delegate(b2!, a1!);
    await rank(topicId, b2!, [[B], [C], [A]]);

    const { outcome, closed, decided } = await close(topicId);
    expect(outcome.election).toEqual({ winnerId: candidateB, winnerCandidateId: B });
    // Candidates' tallies are their first preferences, directly and with delegation.
    expect(closed.tallies).toEqual([
      { subjectId: A, supportCount: 2, opposeCount: 0, weightedSupport: 3, weightedOppose: 0 },
      { subjectId: B, supportCount: 2, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: C, supportCount: 2, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
    ]);
    // Rows and columns in registration order: pairwise[i][j] the weight preferring i to j.
    const pairwise = [
      [0, 3, 3],
      [4, 0, 5],
      [4, 2, 0],
    ];
    expect(decided).toEqual({
      topicId,
      groupId: GROUP,
      isMainElection: false,
      winnerId: candidateB,
      winnerCandidateId: B,
      decidedAt: CLOSED_AT,
      method: 'schulze',
      pairwise,
    });
  });

  it('elects the most approved in an approval election, delegation carrying the delegate\u2019s approvals and a direct ballot overriding', async () => {
    const [candidateA, candidateB, candidateC, v1, v2, lender, overrider] = await citizens(7);
    const { topicId, candidateIds } = await election('approval', [candidateA!, candidateB!, candidateC!]);
    const [A, B, C] = candidateIds as [string, string, string];
    await approve(topicId, v1!, [A, B]);
    await approve(topicId, v2!, [B]);
    await delegate(lender!, v1!);
    await delegate(overrider!, v1!);
    await approve(topicId, overrider!, [C]);

    const { closed, decided } = await close(topicId);
    expect(closed.tallies).toEqual([
      { subjectId: A, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: B, supportCount: 2, opposeCount: 0, weightedSupport: 3, weightedOppose: 0 },
      { subjectId: C, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 },
    ]);
    // No matrix: only a Schulze decision carries one.
    expect(decided).toEqual({
      topicId,
      groupId: GROUP,
      isMainElection: false,
      winnerId: candidateB,
      winnerCandidateId: B,
      decidedAt: CLOSED_AT,
      method: 'approval',
    });
  });

  it('decides nobody when no ranking carried weight, and still records the (empty) matrix', async () => {
    const [candidateA, candidateB] = await citizens(2);
    const { topicId } = await election('schulze', [candidateA!, candidateB!]);
    const { decided } = await close(topicId);
    expect(decided).toMatchObject({
      winnerId: null,
      winnerCandidateId: null,
      method: 'schulze',
      pairwise: [
        [0, 0],
        [0, 0],
      ],
    });
  });
});
