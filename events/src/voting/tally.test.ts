import { describe, expect, it } from 'vitest';
import type { VoteEvent } from './vote.events';
import { EMPTY_TALLY, addTally, deltaOfVoteEvent, standingVotes, tallyOf, voteDelta } from './tally';

const opinion = '00000000-0000-4000-8000-000000000001';
const topicId = '00000000-0000-4000-8000-000000000002';
const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const cast = (userId: string, voteType: 'support' | 'oppose', previousVoteType: 'support' | 'oppose' | null = null): VoteEvent => ({
  type: 'VoteCast',
  data: { opinionId: opinion, topicId, groupId: 2, userId, voteType, previousVoteType },
});
const retracted = (userId: string, previousVoteType: 'support' | 'oppose'): VoteEvent => ({
  type: 'VoteRetracted',
  data: { opinionId: opinion, topicId, groupId: 2, userId, previousVoteType },
});

describe('the tally rule', () => {
  it('moves by the difference between the vote replaced and the new one, weighted', () => {
    expect(voteDelta(null, 'support')).toEqual({ supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0, voteCount: 1 });
    expect(voteDelta('support', 'oppose', 3)).toEqual({ supportCount: -1, opposeCount: 1, weightedSupport: -3, weightedOppose: 3, voteCount: -6 });
    expect(voteDelta('oppose', null, 2)).toEqual({ supportCount: 0, opposeCount: -1, weightedSupport: 0, weightedOppose: -2, voteCount: 2 });
  });

  it('gives the same tally folding the events as counting the standing votes', () => {
    const events = [cast(ada, 'support'), cast(bob, 'oppose'), cast(ada, 'oppose', 'support'), retracted(bob, 'oppose'), cast(bob, 'support')];
    const folded = events.reduce((tally, event) => addTally(tally, deltaOfVoteEvent(event)), EMPTY_TALLY);
    const counted = tallyOf(standingVotes(events).get(opinion)!);
    expect(folded).toEqual(counted);
    expect(counted).toEqual({ supportCount: 1, opposeCount: 1, weightedSupport: 1, weightedOppose: 1, voteCount: 0 });
  });

  it('weighs each voter by the weight given', () => {
    const weights: Record<string, number> = { [ada]: 3, [bob]: 1 };
    expect(
      tallyOf(
        [
          [ada, 'support'],
          [bob, 'oppose'],
        ],
        (userId) => weights[userId]!,
      ),
    ).toEqual({
      supportCount: 1,
      opposeCount: 1,
      weightedSupport: 3,
      weightedOppose: 1,
      voteCount: 2,
    });
  });
});
