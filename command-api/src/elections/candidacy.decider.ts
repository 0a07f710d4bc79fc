import { ALREADY_REGISTERED, ConflictError, type CandidateRegistered, type Decider } from '@civitas/events';

export type RegisterCandidate = { type: 'registerCandidate'; candidate: CandidateRegistered['data'] };
export interface CandidacyState {
  candidate: CandidateRegistered['data'] | null;
}

/**
 * `candidacy-{topicId}-{userId}`: a member stands once per election (docs/product.md, States). The stream
 * holds at most one event, appended with expected version no_stream, so of two registrations at
 * once exactly one is appended and the other is refused on the fresh state.
 */
export const candidacyDecider: Decider<RegisterCandidate, CandidateRegistered, CandidacyState> = {
  initialState: () => ({ candidate: null }),
  evolve: (state, event) => (state.candidate ? state : { candidate: event.data }),
  decide: (command, state) => {
    if (state.candidate) throw new ConflictError(ALREADY_REGISTERED);
    return [{ type: 'CandidateRegistered', data: command.candidate }];
  },
};
