import { ConflictError, type Decider, type OpinionEvent, type OpinionPosted } from '@civitas/events';

export type PostOpinion = { type: 'postOpinion'; opinion: OpinionPosted['data'] };
export interface OpinionState {
  opinion: OpinionPosted['data'] | null;
}

/** `opinion-{id}`: an opinion is posted once; what it says never changes. */
export const opinionDecider: Decider<PostOpinion, OpinionEvent, OpinionState> = {
  initialState: () => ({ opinion: null }),
  evolve: (state, event) => (event.type === 'OpinionPosted' ? { opinion: event.data } : state),
  decide: (command, state) => {
    if (state.opinion) throw new ConflictError('This opinion exists already.');
    return [{ type: 'OpinionPosted', data: command.opinion }];
  },
};
