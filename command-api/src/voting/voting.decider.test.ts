import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { voteDecider } from './vote.decider';

const target = {
  opinionId: '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11',
  topicId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
  groupId: 1682,
  userId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
};
const cast = (voteType: 'support' | 'oppose', previousVoteType: 'support' | 'oppose' | null) => ({
  type: 'VoteCast' as const,
  data: { ...target, voteType, previousVoteType },
});
const retracted = (previousVoteType: 'support' | 'oppose') => ({ type: 'VoteRetracted' as const, data: { ...target, previousVoteType } });
const spec = deciderSpec(voteDecider);

describe('vote decider (docs/product.md, States: the vote toggle)', () => {
  it('records a first vote', () =>
    spec
      .given([])
      .when({ type: 'castVote', target, voteType: 'support' })
      .then([cast('support', null)]));
  it('removes the vote when the same type is chosen again', () =>
    spec
      .given([cast('support', null)])
      .when({ type: 'castVote', target, voteType: 'support' })
      .then([retracted('support')]));
  it('replaces the vote with the other type', () =>
    spec
      .given([cast('support', null)])
      .when({ type: 'castVote', target, voteType: 'oppose' })
      .then([cast('oppose', 'support')]));
  it('votes again after a removal', () =>
    spec
      .given([cast('oppose', null), retracted('oppose')])
      .when({ type: 'castVote', target, voteType: 'oppose' })
      .then([cast('oppose', null)]));
  it('removes on request, and does nothing without a vote', () => {
    spec
      .given([cast('oppose', null)])
      .when({ type: 'retractVote', target })
      .then([retracted('oppose')]);
    spec.given([]).when({ type: 'retractVote', target }).then([]);
  });
});
