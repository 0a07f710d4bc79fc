import type { View } from '../decider';
import type { CatalogueGroup } from './catalogue';
import type { GroupLeaderElected } from '../elections/election.events';
import type { GroupEvent } from './group.events';

export interface GroupState {
  exists: boolean;
  definition: CatalogueGroup | null;
  members: Record<string, { role: 'owner' | 'member'; isLeader: boolean }>;
  /** Who its main election made leader (DECISIONS.md, topic lifecycle), or null. */
  leaderId: string | null;
}

/** `group-{id}`: what the group is and who its members are; one fold for the groups decider and the participation check. */
export const groupView: View<GroupEvent | GroupLeaderElected, GroupState> = {
  initialState: () => ({ exists: false, definition: null, members: {}, leaderId: null }),
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
      case 'GroupLeaderElected': {
        // A leader is a member with isLeader (spec: user_groups); the one before steps down.
        const members = { ...state.members };
        const previous = event.data.previousLeaderId;
        if (previous && members[previous]) members[previous] = { ...members[previous], isLeader: false };
        members[event.data.userId] = { role: members[event.data.userId]?.role ?? 'member', isLeader: true };
        return { ...state, members, leaderId: event.data.userId };
      }
      default:
        return state;
    }
  },
};
