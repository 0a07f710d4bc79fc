import type { OpinionTally } from '../opinions/opinion.contract';
import type { VoteEvent, VoteType } from './vote.events';

/**
 * The one tally rule (docs/product.md, Voting and delegation). Every place that counts votes
 * (the opinions projection, a vote's answer, closing a topic, an auditor's recount) goes through
 * these functions, so the rule is written once.
 *
 * A voter's weight is what their vote counts in the weighted (official) tally: 1 for their own
 * vote, plus whatever members lend them through delegation once delegation exists. Direct counts
 * always count a vote once.
 */

export const EMPTY_TALLY: OpinionTally = Object.freeze({ supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0, voteCount: 0 });

/** How a tally changes: the same shape as the tally, as differences. */
export type TallyDelta = OpinionTally;

const side = (voteType: VoteType | null, wanted: VoteType) => (voteType === wanted ? 1 : 0);

/** The change one voter's move from `previous` to `next` (null: no vote) makes, their vote weighing `weight`. */
export function voteDelta(previous: VoteType | null, next: VoteType | null, weight = 1): TallyDelta {
  const support = side(next, 'support') - side(previous, 'support');
  const oppose = side(next, 'oppose') - side(previous, 'oppose');
  return {
    supportCount: support,
    opposeCount: oppose,
    weightedSupport: support * weight,
    weightedOppose: oppose * weight,
    voteCount: (support - oppose) * weight,
  };
}

/** The change a vote event makes (each event names the vote it replaces). */
export function deltaOfVoteEvent(event: VoteEvent, weight = 1): TallyDelta {
  return event.type === 'VoteCast' ? voteDelta(event.data.previousVoteType, event.data.voteType, weight) : voteDelta(event.data.previousVoteType, null, weight);
}

export function addTally(tally: OpinionTally, delta: TallyDelta): OpinionTally {
  return {
    supportCount: tally.supportCount + delta.supportCount,
    opposeCount: tally.opposeCount + delta.opposeCount,
    weightedSupport: tally.weightedSupport + delta.weightedSupport,
    weightedOppose: tally.weightedOppose + delta.weightedOppose,
    voteCount: tally.voteCount + delta.voteCount,
  };
}

/** Each voter's standing vote on each opinion after the events, in order: opinionId -> userId -> vote. */
export function standingVotes(events: Iterable<VoteEvent>): Map<string, Map<string, VoteType>> {
  const votes = new Map<string, Map<string, VoteType>>();
  for (const event of events) {
    let voters = votes.get(event.data.opinionId);
    if (!voters) votes.set(event.data.opinionId, (voters = new Map()));
    if (event.type === 'VoteCast') voters.set(event.data.userId, event.data.voteType);
    else voters.delete(event.data.userId);
  }
  return votes;
}

/** One opinion's tally from its standing votes, each voter weighing `weightOf(userId)`. */
export function tallyOf(votes: Iterable<[userId: string, voteType: VoteType]>, weightOf: (userId: string) => number = () => 1): OpinionTally {
  let tally = EMPTY_TALLY;
  for (const [userId, voteType] of votes) tally = addTally(tally, voteDelta(null, voteType, weightOf(userId)));
  return tally;
}
