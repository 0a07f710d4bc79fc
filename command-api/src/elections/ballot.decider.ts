import type { BallotCast, BallotEvent, Decider } from '@civitas/events';

/** Whose ballot in which election: the ballot events' data without the choice. */
export type BallotTarget = Omit<BallotCast['data'], 'candidateId' | 'previousCandidateId'>;
export type ChooseCandidate = { type: 'chooseCandidate'; target: BallotTarget; candidateId: string };
export interface BallotState {
  candidateId: string | null;
}

/**
 * `ballot-{topicId}-{userId}`: one member's one choice in one election (docs/product.md, Voting and delegation):
 * another candidate moves the ballot, the same candidate again withdraws it. Each event names
 * the choice it replaces, so a tally can move by the difference alone.
 */
export const ballotDecider: Decider<ChooseCandidate, BallotEvent, BallotState> = {
  initialState: () => ({ candidateId: null }),
  evolve: (_state, event) => ({ candidateId: event.type === 'BallotCast' ? event.data.candidateId : null }),
  decide: (command, state) => {
    const previous = state.candidateId;
    if (previous === command.candidateId) return [{ type: 'BallotWithdrawn', data: { ...command.target, previousCandidateId: previous } }];
    return [{ type: 'BallotCast', data: { ...command.target, candidateId: command.candidateId, previousCandidateId: previous } }];
  },
};
