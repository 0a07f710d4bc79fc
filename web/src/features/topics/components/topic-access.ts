import { topicTypesFor, typeNeedsSubscription, type TopicType } from '@civitas/events/topics/topic-rules';
import type { AuthUser } from '../../../lib/api/get-current-user';
import type { Group } from '../../../lib/api/group';

/** What the topic rules need to know of the member (the current-user read has it). */
export type TopicCreator = Pick<AuthUser, 'isSubscribed' | 'isBanned' | 'banReason'>;

type TopicGroup = Pick<Group, 'department' | 'canParticipate'>;

/**
 * The types this member can create in the group: the server's rule (command-api topics-service:
 * participation, the department's types, a subscription for law amendments and dispute
 * resolutions; a suspended account commands nothing) on the facts the reads already give.
 */
export function creatableTopicTypes(group: TopicGroup, member: TopicCreator): TopicType[] {
  if (!group.canParticipate || member.isBanned) return [];
  return topicTypesFor(group.department).filter((type) => member.isSubscribed || !typeNeedsSubscription(type));
}

/** Types the group has that only a subscription would open to this member. */
export function typesAwaitingSubscription(group: TopicGroup, member: TopicCreator): TopicType[] {
  if (!group.canParticipate || member.isBanned || member.isSubscribed) return [];
  return topicTypesFor(group.department).filter(typeNeedsSubscription);
}

export const canCreateTopicIn = (group: TopicGroup, member: TopicCreator) => creatableTopicTypes(group, member).length > 0;

/**
 * Why a member who takes part in the group cannot create a topic there, or null when they can
 * (or do not take part at all: the group's access banner explains that).
 */
export type TopicCreationBlock = 'suspended' | 'needs_subscription';

export function topicCreationBlock(group: TopicGroup, member: TopicCreator): TopicCreationBlock | null {
  if (!group.canParticipate || canCreateTopicIn(group, member)) return null;
  return member.isBanned ? 'suspended' : 'needs_subscription';
}
