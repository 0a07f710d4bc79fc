import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

export const GROUP_DEPARTMENTS = ['family', 'friends', 'business', 'religion', 'national', 'international', 'alliance'] as const;
export const Department = z.enum(GROUP_DEPARTMENTS);
export type Department = z.infer<typeof Department>;

export const PERSONAL_DEPARTMENTS = ['family', 'friends', 'business'] as const;
export const PersonalDepartment = z.enum(PERSONAL_DEPARTMENTS);
export type PersonalDepartment = z.infer<typeof PersonalDepartment>;
export const isPersonalDepartment = (department: Department): department is PersonalDepartment =>
  (PERSONAL_DEPARTMENTS as readonly string[]).includes(department);
/** Groups that have members (personal groups and the Alliance); the others are open to whoever may take part. */
export const hasMembers = (department: Department): boolean => isPersonalDepartment(department) || department === 'alliance';

export const SubscriptionType = z.enum(['free', 'premium', 'elite']);
export type SubscriptionType = z.infer<typeof SubscriptionType>;

export const GroupCreatedData = z.object({
  groupId: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string(),
  department: Department,
  subcategory: z.string().nullable(),
  subscriptionType: SubscriptionType,
  features: z.array(z.string()),
  ownerId: z.string().nullable(),
});

export const GroupCreated = defineEvent('GroupCreated', GroupCreatedData);
/** `group-{id}`: someone became a member (the owner of a personal group at its creation, an invitee on acceptance). */
export const GroupMemberJoined = defineEvent(
  'GroupMemberJoined',
  z.object({
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    role: z.enum(['owner', 'member']),
    isLeader: z.boolean(),
  }),
);
/** `group-{id}`: a membership ended; the member can no longer participate. */
export const GroupMemberLeft = defineEvent(
  'GroupMemberLeft',
  z.object({
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    reason: z.enum(['cut', 'fired', 'left', 'stepped_down']),
    removedBy: z.uuid().nullable(),
  }),
);
/**
 * `group-{id}`: its leaders set the share of its eligible weight that must take part before a topic
 * of this type decides anything (issue #34 item 3; docs/decisions.md, Quorum and majority).
 */
export const GroupQuorumSet = defineEvent(
  'GroupQuorumSet',
  z.object({
    groupId: z.number().int().positive(),
    topicType: z.enum(['law_amendment', 'dispute_resolution', 'election']),
    quorumPercent: z.number().int().min(0).max(100),
    setBy: z.uuid(),
  }),
);
/** `user-{id}`: the numbers of a member's own Family, Friends and Business groups, fixed once. */
export const PersonalGroupsAssigned = defineEvent(
  'PersonalGroupsAssigned',
  z.object({
    userId: z.uuid(),
    family: z.number().int().positive(),
    friends: z.number().int().positive(),
    business: z.number().int().positive(),
  }),
);

export type GroupCreated = EventOf<typeof GroupCreated>;
export type GroupMemberJoined = EventOf<typeof GroupMemberJoined>;
export type GroupMemberLeft = EventOf<typeof GroupMemberLeft>;
export type PersonalGroupsAssigned = EventOf<typeof PersonalGroupsAssigned>;
export type GroupQuorumSet = EventOf<typeof GroupQuorumSet>;
export type GroupEvent = GroupCreated | GroupMemberJoined | GroupMemberLeft | GroupQuorumSet;
export const groupEvents = [GroupCreated, GroupMemberJoined, GroupMemberLeft, GroupQuorumSet, PersonalGroupsAssigned];
