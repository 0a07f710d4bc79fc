import { groupStream } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { groupsDecider, type RemoveMember } from './groups.decider';

/** Memberships as commands on `group-{id}`: joining (an accepted invitation) and removal by the group's owner. */
export class GroupsService {
  constructor(private readonly bus: CommandBus) {}

  /** A fixed command id makes a repeat add nothing, even after the owner has since removed the member. */
  join(groupId: number, userId: string, commandId: string) {
    return this.bus.run(groupStream(groupId), groupsDecider, { type: 'joinGroup', userId }, { actorId: userId, commandId });
  }

  removeMember(groupId: number, memberId: string, reason: RemoveMember['reason'], removedBy: string) {
    return this.bus.run(groupStream(groupId), groupsDecider, { type: 'removeMember', userId: memberId, reason, removedBy }, { actorId: removedBy });
  }
}
