import { personalGroupsView, type Decider, type PersonalGroupsAssigned, type PersonalGroupsState } from '@civitas/events';

export type AssignPersonalGroups = { type: 'assignPersonalGroups' } & PersonalGroupsAssigned['data'];

/** The personal-groups part of `user-{id}`: the group numbers are fixed once, whoever asks first. */
export const personalGroupsDecider: Decider<AssignPersonalGroups, PersonalGroupsAssigned, PersonalGroupsState> = {
  ...personalGroupsView,
  decide: (command, state) => {
    if (state.assigned) return [];
    const { userId, family, friends, business } = command;
    return [{ type: 'PersonalGroupsAssigned', data: { userId, family, friends, business } }];
  },
};
