import {
  ForbiddenError,
  GROUP_NOT_FOUND,
  NotFoundError,
  ONLY_LEADERS_SET_QUORUM,
  groupView,
  isPersonalDepartment,
  quorumPercentOf,
  type Decider,
  type GroupEvent,
  type GroupLeaderElected,
  type GroupState,
  type QuorumTopicType,
} from '@civitas/events';

export type SetQuorum = { type: 'setQuorum'; topicType: QuorumTopicType; quorumPercent: number; actorId: string };

/** Who may set a group's quorums: its leaders, and in a personal group (which elects none) its owner. */
export function maySetQuorum(state: GroupState, userId: string): boolean {
  const membership = state.members.get(userId);
  if (!membership || !state.definition) return false;
  return membership.isLeader || (isPersonalDepartment(state.definition.department) && membership.role === 'owner');
}

/**
 * `group-{id}`: its leaders set the quorum of a type that decides (issue #34 item 3); topics opened
 * after are held to it. Its fold takes the stream's leader elections: they say who leads.
 */
export const quorumDecider: Decider<SetQuorum, GroupEvent | GroupLeaderElected, GroupState> = {
  ...groupView,
  decide: (command, state) => {
    if (!state.definition) throw new NotFoundError(GROUP_NOT_FOUND);
    if (!maySetQuorum(state, command.actorId)) throw new ForbiddenError(ONLY_LEADERS_SET_QUORUM);
    // The value in force again (a default too) changes nothing: a repeated click records nothing.
    if (quorumPercentOf(state.quorums, command.topicType) === command.quorumPercent) return [];
    return [
      {
        type: 'GroupQuorumSet',
        data: { groupId: state.definition.groupId, topicType: command.topicType, quorumPercent: command.quorumPercent, setBy: command.actorId },
      },
    ];
  },
};
