import { Map as PersistentMap } from 'immutable';
import type { View } from '../decider';
import type { CatalogueGroup } from './catalogue';
import type { GroupLeaderElected } from '../elections/election.events';
import type { GroupEvent } from './group.events';
import type { QuorumTopicType } from './quorum';

export interface Membership {
  role: 'owner' | 'member';
  isLeader: boolean;
}

export interface GroupState {
  exists: boolean;
  definition: CatalogueGroup | null;
  /**
   * A persistent map: each join shares the rest with the state before it, so folding a group of
   * n members costs n log n, not n² (a national group has hundreds of thousands), and a state kept
   * in a snapshot is never changed by a later fold.
   */
  members: PersistentMap<string, Membership>;
  /** Who its main election made leader (docs/product.md, Topic lifecycle), or null. */
  leaderId: string | null;
  /** The quorums its leaders set, by topic type (the rest: DEFAULT_QUORUM_PERCENT of quorum.ts). */
  quorums: Partial<Record<QuorumTopicType, number>>;
}

/** `group-{id}`: what the group is and who its members are; one fold for the groups decider and the participation check. */
export const groupView: View<GroupEvent | GroupLeaderElected, GroupState> = {
  initialState: () => ({ exists: false, definition: null, members: PersistentMap(), leaderId: null, quorums: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'GroupCreated':
        return { ...state, exists: true, definition: event.data };
      case 'GroupMemberJoined':
        return { ...state, members: state.members.set(event.data.userId, { role: event.data.role, isLeader: event.data.isLeader }) };
      case 'GroupMemberLeft':
        return { ...state, members: state.members.delete(event.data.userId) };
      case 'GroupQuorumSet':
        return { ...state, quorums: { ...state.quorums, [event.data.topicType]: event.data.quorumPercent } };
      case 'GroupLeaderElected': {
        // A leader is a member with isLeader (docs/product.md, Data); the one before steps down.
        const previous = event.data.previousLeaderId;
        const before = previous ? state.members.get(previous) : undefined;
        const stepped = before ? state.members.set(previous!, { ...before, isLeader: false }) : state.members;
        const leaderId = event.data.userId;
        const members = stepped.set(leaderId, { role: stepped.get(leaderId)?.role ?? 'member', isLeader: true });
        return { ...state, members, leaderId };
      }
      default:
        return state;
    }
  },
};
