import type { View } from '../decider';
import type { CatalogueGroup } from './catalogue';
import type { GroupEvent } from './group.events';

export interface GroupState {
  exists: boolean;
  definition: CatalogueGroup | null;
  members: Record<string, { role: 'owner' | 'member'; isLeader: boolean }>;
}

/** `group-{id}`: what the group is and who its members are; one fold for the groups decider and the participation check. */
export const groupView: View<GroupEvent, GroupState> = {
  initialState: () => ({ exists: false, definition: null, members: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'GroupCreated':
        return { ...state, exists: true, definition: event.data };
      case 'GroupMemberJoined':
        return { ...state, members: { ...state.members, [event.data.userId]: { role: event.data.role, isLeader: event.data.isLeader } } };
      case 'GroupMemberLeft': {
        const { [event.data.userId]: _gone, ...members } = state.members;
        return { ...state, members };
      }
      default:
        return state;
    }
  },
};
