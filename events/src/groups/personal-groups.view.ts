import type { View } from '../decider';
import type { PersonalGroupsAssigned } from './group.events';

export interface PersonalGroupsState {
  assigned: { family: number; friends: number; business: number } | null;
}

/** The personal-groups part of `user-{id}`: the numbers of the member's own Family, Friends and Business groups, once fixed. */
export const personalGroupsView: View<PersonalGroupsAssigned, PersonalGroupsState> = {
  initialState: () => ({ assigned: null }),
  evolve: (state, event) =>
    event.type === 'PersonalGroupsAssigned' ? { assigned: { family: event.data.family, friends: event.data.friends, business: event.data.business } } : state,
};
