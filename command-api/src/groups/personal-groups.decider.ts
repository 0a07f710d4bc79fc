import type { Decider, PersonalGroupsAssigned } from '@civitas/events';

export type AssignPersonalGroups = { type: 'assignPersonalGroups'; userId: string; family: number; friends: number; business: number };
export interface PersonalGroupsState {
  assigned: { family: number; friends: number; business: number } | null;
}

/** The personal-groups part of `user-{id}`: the group numbers are fixed once, whoever asks first. */
export const personalGroupsDecider: Decider<AssignPersonalGroups, PersonalGroupsAssigned, PersonalGroupsState> = {
  initialState: () => ({ assigned: null }),
  evolve: (state, event) => (event.type === 'PersonalGroupsAssigned' ? { assigned: { family: event.data.family, friends: event.data.friends, business: event.data.business } } : state),
  decide: (command, state) => {
    if (state.assigned) return [];
    const { userId, family, friends, business } = command;
    return [{ type: 'PersonalGroupsAssigned', data: { userId, family, friends, business } }];
  },
};
