import { ConflictError, MAIN_ELECTION_EXISTS, type Decider, type MainElectionOpened } from '@civitas/events';

export type OpenMainElection = {
  type: 'openMainElection';
  opening: MainElectionOpened['data'];
  now: string;
  /** The current main election's topic, when it was deleted (read from its stream): it no longer holds the group's election. */
  deletedTopicId: string | null;
};
export interface MainElectionState {
  /** The newest main election of the group. */
  current: MainElectionOpened['data'] | null;
}

/**
 * `main-election-{groupId}`: one active main election per group. A new one opens only when the
 * current one has expired or its topic was deleted; the expected version makes two openings at
 * once end with one election and one refusal.
 */
export const mainElectionDecider: Decider<OpenMainElection, MainElectionOpened, MainElectionState> = {
  initialState: () => ({ current: null }),
  evolve: (_state, event) => ({ current: event.data }),
  decide: (command, state) => {
    const { current } = state;
    if (current && current.topicId !== command.deletedTopicId && command.now < current.expiresAt) throw new ConflictError(MAIN_ELECTION_EXISTS);
    return [{ type: 'MainElectionOpened', data: command.opening }];
  },
};
