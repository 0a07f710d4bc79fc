import { DEFAULT_QUORUM_PERCENT, QUORUM_TOPIC_TYPES, groupStream, quorumPercentOf, type GroupQuorumView, type SetQuorumBody } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { groupsDecider, type RemoveMember } from './groups.decider';
import { quorumDecider } from './quorum.decider';

/** Memberships as commands on `group-{id}`: joining (an accepted invitation) and removal by the group's owner; its quorums, by its leaders. */
export class GroupsService {
  constructor(private readonly bus: CommandBus) {}

  /** A fixed command id makes a repeat add nothing, even after the owner has since removed the member. */
  join(groupId: number, userId: string, commandId: string) {
    return this.bus.run(groupStream(groupId), groupsDecider, { type: 'joinGroup', userId }, { actorId: userId, commandId });
  }

  removeMember(groupId: number, memberId: string, reason: RemoveMember['reason'], removedBy: string) {
    return this.bus.run(groupStream(groupId), groupsDecider, { type: 'removeMember', userId: memberId, reason, removedBy }, { actorId: removedBy });
  }

  /** PUT /api/groups/<id>/quorum (issue #34 item 3): the group's quorums once set, as the one who set them sees them. */
  async setQuorum(userId: string, groupId: number, body: SetQuorumBody): Promise<GroupQuorumView & { position: string | null }> {
    const { state, position } = await this.bus.run(groupStream(groupId), quorumDecider, { type: 'setQuorum', ...body, actorId: userId }, { actorId: userId });
    const quorums = Object.fromEntries(QUORUM_TOPIC_TYPES.map((type) => [type, quorumPercentOf(state.quorums, type)])) as GroupQuorumView['quorums'];
    return { position, groupId, quorums, defaults: { ...DEFAULT_QUORUM_PERCENT }, canSet: true };
  }
}
