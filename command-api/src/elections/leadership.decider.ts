import {
  NotFoundError,
  GROUP_NOT_FOUND,
  groupView,
  leadershipView,
  type Decider,
  type GroupEvent,
  type GroupLeaderElected,
  type GroupState,
  type LeadershipEvent,
  type LeadershipState,
} from '@civitas/events';

/** A main election's winner leads the group; whoever led it before steps down. */
export type ElectLeader = { type: 'electLeader'; groupId: number; winnerId: string; electionId: string };
/** A leader sits in the Alliance (docs/product.md, Roles): joins as a leading member unless already there. */
export type TakeAllianceSeat = { type: 'takeAllianceSeat'; groupId: number; userId: string };
/** A member who leads no group any more leaves the Alliance. */
export type LeaveAllianceSeat = { type: 'leaveAllianceSeat'; groupId: number; userId: string; stillLeads: boolean };
export type GroupLeadershipCommand = ElectLeader | TakeAllianceSeat | LeaveAllianceSeat;

/** `group-{id}`: leaders and the Alliance's seats, over the same fold as every other group rule. */
export const groupLeadershipDecider: Decider<GroupLeadershipCommand, GroupEvent | GroupLeaderElected, GroupState> = {
  initialState: groupView.initialState,
  evolve: groupView.evolve,
  decide: (command, state) => {
    if (!state.exists) throw new NotFoundError(GROUP_NOT_FOUND);
    switch (command.type) {
      case 'electLeader':
        return [
          {
            type: 'GroupLeaderElected',
            data: { groupId: command.groupId, userId: command.winnerId, electionId: command.electionId, previousLeaderId: state.leaderId },
          },
        ];
      case 'takeAllianceSeat':
        if (state.members.get(command.userId)?.isLeader) return [];
        return [{ type: 'GroupMemberJoined', data: { groupId: command.groupId, userId: command.userId, role: 'member', isLeader: true } }];
      case 'leaveAllianceSeat':
        if (command.stillLeads || !state.members.has(command.userId)) return [];
        return [{ type: 'GroupMemberLeft', data: { groupId: command.groupId, userId: command.userId, reason: 'stepped_down', removedBy: null } }];
    }
  },
};

export type TakeLeadership = { type: 'takeLeadership'; userId: string; groupId: number; electionId: string };
export type EndLeadership = { type: 'endLeadership'; userId: string; groupId: number; electionId: string; successorId: string };

/** `user-{id}`: which groups the member leads, so their Alliance seat follows from their own stream. */
export const userLeadershipDecider: Decider<TakeLeadership | EndLeadership, LeadershipEvent, LeadershipState> = {
  initialState: leadershipView.initialState,
  evolve: leadershipView.evolve,
  decide: (command, state) => {
    if (command.type === 'takeLeadership') {
      return [{ type: 'LeadershipTaken', data: { userId: command.userId, groupId: command.groupId, electionId: command.electionId } }];
    }
    // Only a member who leads the group steps down from it.
    if (!state.ledGroups.includes(command.groupId)) return [];
    return [
      { type: 'LeadershipEnded', data: { userId: command.userId, groupId: command.groupId, electionId: command.electionId, successorId: command.successorId } },
    ];
  },
};
