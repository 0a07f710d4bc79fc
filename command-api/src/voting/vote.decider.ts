import type { Decider, VoteCast, VoteEvent, VoteType } from '@civitas/events';

/** Which vote a command is about: the vote events' data without the vote itself. */
export type VoteTarget = Omit<VoteCast['data'], 'voteType' | 'previousVoteType'>;
export type CastVote = { type: 'castVote'; target: VoteTarget; voteType: VoteType };
export type RetractVote = { type: 'retractVote'; target: VoteTarget };
export type VoteCommand = CastVote | RetractVote;
export interface VoteState {
  voteType: VoteType | null;
}

/**
 * `vote-{opinionId}-{userId}`: one member's vote on one opinion, so one vote per member per
 * opinion holds under any concurrency. docs/product.md, States: the same type again removes the vote,
 * the other type replaces it.
 */
export const voteDecider: Decider<VoteCommand, VoteEvent, VoteState> = {
  initialState: () => ({ voteType: null }),
  evolve: (_state, event) => ({ voteType: event.type === 'VoteCast' ? event.data.voteType : null }),
  decide: (command, state) => {
    const previous = state.voteType;
    if (command.type === 'retractVote' || previous === command.voteType) {
      return previous ? [{ type: 'VoteRetracted', data: { ...command.target, previousVoteType: previous } }] : [];
    }
    return [{ type: 'VoteCast', data: { ...command.target, voteType: command.voteType, previousVoteType: previous } }];
  },
};
