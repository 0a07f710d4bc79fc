import { ConflictError, ForbiddenError, NotFoundError, type ElectionMethod } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { topicDecider, type OpinionStanding, type TopicOutcome } from './topic.decider';

const creator = '11111111-1111-4111-8111-111111111111';
const topic = {
  topicId: '22222222-2222-4222-8222-222222222222',
  groupId: 1682,
  title: 'Weekend markets',
  description: 'Should markets open on Saturdays as well?',
  type: 'law_amendment' as const,
  createdBy: creator,
  isMainElection: false,
  expiresAt: '2026-11-29T10:00:00.000Z',
};
const created = { type: 'TopicCreated' as const, data: topic };
const closedAt = '2026-11-29T10:00:05.000Z';
const tallies = [{ subjectId: '33333333-3333-4333-8333-333333333333', supportCount: 1, opposeCount: 0, weightedSupport: 3, weightedOppose: 0 }];
// What the count took: the closing records it beside the tallies, so an export that leaves an event out is caught.
const counted = { events: 4, byType: { TopicCreated: 1, OpinionPosted: 1, VoteCast: 2 }, digest: 'fN0RT5xTx6M6wrCaOPiVw7MTz2ZCcSh3Vxz1Pi6rI6A=' };
const closed = { type: 'TopicClosed' as const, data: { topicId: topic.topicId, groupId: 1682, type: 'law_amendment' as const, closedAt, tallies, counted } };
// What closing counted; only the parts a case is about are given (a legacy count: no quorum, no deciding rule).
const outcome = (standings: OpinionStanding[], more: Partial<Omit<TopicOutcome, 'standings'>> = {}): TopicOutcome => ({
  tallies,
  standings,
  election: null,
  counted,
  pairwise: null,
  enactedOpinionId: null,
  quorum: null,
  decidedBy: null,
  ...more,
});
const standing = (opinionId: string, weightedSupport: number, weightedOppose: number, postedAt: string): OpinionStanding => ({
  opinionId,
  proposerId: creator,
  weightedSupport,
  weightedOppose,
  postedAt,
});
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const spec = deciderSpec(topicDecider);

describe('topic decider', () => {
  it('does not close before expiry, closes once after it', () => {
    spec
      .given([created])
      .when({ type: 'closeTopic', now: '2026-11-29T09:59:59.999Z', outcome: outcome([]) })
      .then([]);
    spec
      .given([created, closed])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([]) })
      .then([]);
  });

  it('enacts exactly the opinion the count enacts, with its figures (the tally module holds the rule)', () => {
    const standings = [standing(B, 3, 1, '2026-11-23T00:00:00.000Z'), standing(A, 3, 0, '2026-11-22T00:00:00.000Z')];
    spec
      .given([created])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { enactedOpinionId: A }) })
      .then([
        closed,
        {
          type: 'LawEnacted',
          data: {
            topicId: topic.topicId,
            groupId: 1682,
            opinionId: A,
            proposerId: creator,
            type: 'law_amendment',
            weightedSupport: 3,
            weightedOppose: 0,
            enactedAt: closedAt,
          },
        },
      ]);
  });

  it('enacts nothing when the count enacts nothing, though an opinion is supported more than opposed, nor for a discussion', () => {
    spec
      .given([created])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([standing(A, 5, 0, closedAt)]) })
      .then([closed]);
    const discussion = { ...created, data: { ...topic, type: 'family_discussion' as const } };
    spec
      .given([discussion])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([standing(A, 5, 0, closedAt)], { enactedOpinionId: A }) })
      .then([{ type: 'TopicClosed', data: { ...closed.data, type: 'family_discussion' } }]);
  });

  it('decides an election with the winner closing counted, and records every tally', () => {
    const election = { ...created, data: { ...topic, type: 'election' as const, isMainElection: true } };
    const winner = { winnerId: B, winnerCandidateId: A };
    spec
      .given([election])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { election: winner }) })
      .then([
        { type: 'TopicClosed', data: { ...closed.data, type: 'election' } },
        {
          type: 'ElectionDecided',
          data: { topicId: topic.topicId, groupId: 1682, isMainElection: true, winnerId: B, winnerCandidateId: A, decidedAt: closedAt, method: 'plurality' },
        },
      ]);
    spec
      .given([election])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([]) })
      .then([
        { type: 'TopicClosed', data: { ...closed.data, type: 'election' } },
        {
          type: 'ElectionDecided',
          data: {
            topicId: topic.topicId,
            groupId: 1682,
            isMainElection: true,
            winnerId: null,
            winnerCandidateId: null,
            decidedAt: closedAt,
            method: 'plurality',
          },
        },
      ]);
  });

  it('names the method the election was opened with on its decision, and a Schulze decision carries the pairwise matrix', () => {
    const opened = (method: ElectionMethod) => ({ ...created, data: { ...topic, type: 'election' as const, method } });
    const winner = { winnerId: B, winnerCandidateId: A };
    const pairwise = [
      [0, 3],
      [4, 0],
    ];
    const decided = (method: ElectionMethod, extra: { pairwise?: number[][] } = {}) => [
      { type: 'TopicClosed' as const, data: { ...closed.data, type: 'election' as const } },
      {
        type: 'ElectionDecided' as const,
        data: { topicId: topic.topicId, groupId: 1682, isMainElection: false, ...winner, decidedAt: closedAt, method, ...extra },
      },
    ];
    spec
      .given([opened('schulze')])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { election: winner, pairwise }) })
      .then(decided('schulze', { pairwise }));
    // Only a Schulze election has a matrix to record.
    spec
      .given([opened('approval')])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { election: winner, pairwise }) })
      .then(decided('approval'));
    spec
      .given([opened('plurality')])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { election: winner }) })
      .then(decided('plurality'));
    // Opened before methods existed (no method on its TopicCreated): plurality, said so.
    spec
      .given([{ ...created, data: { ...topic, type: 'election' as const } }])
      .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { election: winner }) })
      .then(decided('plurality'));
  });

  describe('a law topic decided among its opinions (method schulze, issue #34 item 2)', () => {
    const ranked = (type: 'law_amendment' | 'dispute_resolution' = 'law_amendment') => ({ ...created, data: { ...topic, type, method: 'schulze' as const } });
    // Options [no change, A, B]: B beats no change 4:3 and A 4:3; A has more support against no change (5:2) than B (4:3).
    const pairwise = [
      [0, 2, 3],
      [5, 0, 3],
      [4, 4, 0],
    ];
    const standings = [standing(A, 5, 2, '2026-11-22T00:00:00.000Z'), standing(B, 4, 3, '2026-11-23T00:00:00.000Z')];
    const closedRanked = (type: 'law_amendment' | 'dispute_resolution' = 'law_amendment') => ({
      type: 'TopicClosed' as const,
      data: { ...closed.data, type, method: 'schulze' as const, pairwise },
    });
    const enacted = (opinionId: string, weightedSupport: number, weightedOppose: number, type: 'law_amendment' | 'dispute_resolution' = 'law_amendment') => ({
      type: 'LawEnacted' as const,
      data: { topicId: topic.topicId, groupId: 1682, opinionId, proposerId: creator, type, weightedSupport, weightedOppose, enactedAt: closedAt },
    });

    it('enacts the opinion the count enacts, not the one with the most support, with its figures against no change, and records the method and matrix', () => {
      spec
        .given([ranked()])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { pairwise, enactedOpinionId: B }) })
        .then([closedRanked(), enacted(B, 4, 3)]);
      spec
        .given([ranked('dispute_resolution')])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { pairwise, enactedOpinionId: B }) })
        .then([closedRanked('dispute_resolution'), enacted(B, 4, 3, 'dispute_resolution')]);
    });

    it('enacts nothing when no change stands, though an opinion is supported more than opposed', () => {
      spec
        .given([ranked()])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { pairwise }) })
        .then([closedRanked()]);
      // An id the standings do not hold enacts nothing either (the count and the standings come from one tally).
      spec
        .given([ranked()])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { pairwise, enactedOpinionId: topic.topicId }) })
        .then([closedRanked()]);
    });

    it('records an empty matrix when the count gave none, and a per-opinion law topic takes no method but the count\u2019s opinion too', () => {
      spec
        .given([ranked()])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome([]) })
        .then([{ type: 'TopicClosed', data: { ...closed.data, method: 'schulze', pairwise: [] } }]);
      spec
        .given([created])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { pairwise, enactedOpinionId: B }) })
        .then([closed, enacted(B, 4, 3)]);
    });
  });

  describe('quorum and majority (issue #34 item 3)', () => {
    const opened = { ...created, data: { ...topic, quorumPercent: 10 } };
    const figures = (participatingWeight: number) => ({ percent: 10, eligibleWeight: 40, participatingWeight, reached: participatingWeight * 10 >= 40 });
    const standings = [standing(A, 3, 0, '2026-11-22T00:00:00.000Z')];
    const lawEnacted = {
      type: 'LawEnacted' as const,
      data: {
        topicId: topic.topicId,
        groupId: 1682,
        opinionId: A,
        proposerId: creator,
        type: 'law_amendment' as const,
        weightedSupport: 3,
        weightedOppose: 0,
        enactedAt: closedAt,
      },
    };

    it('records the quorum figures and the rule that decided beside the tallies', () => {
      spec
        .given([opened])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { enactedOpinionId: A, quorum: figures(5), decidedBy: 'majority' }) })
        .then([{ type: 'TopicClosed', data: { ...closed.data, quorum: figures(5), decidedBy: 'majority' } }, lawEnacted]);
      spec
        .given([opened])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { quorum: figures(7), decidedBy: 'no_majority' }) })
        .then([{ type: 'TopicClosed', data: { ...closed.data, quorum: figures(7), decidedBy: 'no_majority' } }]);
    });

    it('closes below its quorum with no law enacted, and an election below its quorum decides no winner', () => {
      spec
        .given([opened])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { quorum: figures(3), decidedBy: 'quorum_not_reached' }) })
        .then([{ type: 'TopicClosed', data: { ...closed.data, quorum: figures(3), decidedBy: 'quorum_not_reached' } }]);
      const election = { ...created, data: { ...topic, type: 'election' as const, method: 'plurality' as const, quorumPercent: 10 } };
      spec
        .given([election])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome([], { quorum: figures(3), decidedBy: 'quorum_not_reached' }) })
        .then([
          { type: 'TopicClosed', data: { ...closed.data, type: 'election', quorum: figures(3), decidedBy: 'quorum_not_reached' } },
          {
            type: 'ElectionDecided',
            data: {
              topicId: topic.topicId,
              groupId: 1682,
              isMainElection: false,
              winnerId: null,
              winnerCandidateId: null,
              decidedAt: closedAt,
              method: 'plurality',
            },
          },
        ]);
    });

    it('records neither for a count without a quorum (a topic opened before quorums)', () => {
      spec
        .given([created])
        .when({ type: 'closeTopic', now: closedAt, outcome: outcome(standings, { enactedOpinionId: A }) })
        .then([closed, lawEnacted]);
    });
  });

  it('lets only the creator delete an open topic', () => {
    spec.given([created]).when({ type: 'deleteTopic', actorId: B }).thenThrows(ForbiddenError, 'Only the creator of a topic can delete it.');
    spec
      .given([created])
      .when({ type: 'deleteTopic', actorId: creator })
      .then([{ type: 'TopicDeleted', data: { topicId: topic.topicId, groupId: 1682, createdBy: creator, deletedBy: creator } }]);
    spec.given([created, closed]).when({ type: 'deleteTopic', actorId: creator }).thenThrows(ConflictError);
    spec.given([]).when({ type: 'deleteTopic', actorId: creator }).thenThrows(NotFoundError, 'Topic not found');
  });
});
