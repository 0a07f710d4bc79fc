import type { View } from '../decider';
import type { LeadershipEvent } from './election.events';

export interface LeadershipState {
  /** Groups the member leads now. */
  ledGroups: number[];
  /** Every election the member won that made them leader, in order. */
  electionsWon: string[];
}

/** The leadership part of `user-{id}`: which groups a member leads, so their Alliance seat follows. */
export const leadershipView: View<LeadershipEvent, LeadershipState> = {
  initialState: () => ({ ledGroups: [], electionsWon: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LeadershipTaken':
        return {
          ledGroups: state.ledGroups.includes(event.data.groupId) ? state.ledGroups : [...state.ledGroups, event.data.groupId],
          electionsWon: [...state.electionsWon, event.data.electionId],
        };
      case 'LeadershipEnded':
        return { ...state, ledGroups: state.ledGroups.filter((groupId) => groupId !== event.data.groupId) };
      default:
        return state;
    }
  },
};
