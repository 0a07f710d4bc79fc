import {
  ConflictError,
  ForbiddenError,
  GROUP_NOT_FOUND,
  NOT_A_MEMBER,
  NotFoundError,
  OWNER_ONLY,
  groupView,
  type CatalogueGroup,
  type Decider,
  type GroupEvent,
  type GroupState,
} from '@civitas/events';

/** Catalogue groups have no owner; a personal group's owner joins it as it is created. */
export type CreateGroup = { type: 'createGroup'; group: CatalogueGroup };
export type JoinGroup = { type: 'joinGroup'; userId: string };
/** Cutting a friendship (friends groups) or firing a colleague (business groups), by the group's owner. */
export type RemoveMember = { type: 'removeMember'; userId: string; reason: 'cut' | 'fired'; removedBy: string };
const REMOVED_FROM = { cut: 'friends', fired: 'business' } as const;
export type GroupCommand = CreateGroup | JoinGroup | RemoveMember;

/** `group-{id}`: the group's lifecycle and memberships (its fold, groupView, is shared with the participation check). */
export const groupsDecider: Decider<GroupCommand, GroupEvent, GroupState> = {
  ...groupView,
  decide: (command, state) => {
    switch (command.type) {
      case 'createGroup': {
        const { group } = command;
        if (state.exists) {
          // Creating the same group again is a no-op, so a restart adds nothing.
          if (state.definition?.name === group.name && state.definition.department === group.department) return [];
          throw new ConflictError(`Group ${group.groupId} already exists as ${state.definition?.name}`);
        }
        const created: GroupEvent = { type: 'GroupCreated', data: group };
        if (!group.ownerId) return [created];
        return [created, { type: 'GroupMemberJoined', data: { groupId: group.groupId, userId: group.ownerId, role: 'owner', isLeader: false } }];
      }
      case 'joinGroup': {
        if (!state.definition) throw new NotFoundError(GROUP_NOT_FOUND);
        if (state.members.has(command.userId)) return [];
        return [{ type: 'GroupMemberJoined', data: { groupId: state.definition.groupId, userId: command.userId, role: 'member', isLeader: false } }];
      }
      case 'removeMember': {
        if (state.definition?.department !== REMOVED_FROM[command.reason]) throw new NotFoundError(GROUP_NOT_FOUND);
        if (state.definition.ownerId !== command.removedBy) throw new ForbiddenError(OWNER_ONLY);
        const member = state.members.get(command.userId);
        if (!member) throw new NotFoundError(NOT_A_MEMBER);
        if (member.role === 'owner') throw new ForbiddenError('The owner cannot be removed from their own group.');
        return [
          {
            type: 'GroupMemberLeft',
            data: { groupId: state.definition.groupId, userId: command.userId, reason: command.reason, removedBy: command.removedBy },
          },
        ];
      }
    }
  },
};
