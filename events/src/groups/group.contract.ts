import { z } from 'zod';
import { NotFoundError } from '../errors';
import { SERIAL_MAX, serialField, serialParam } from '../ids';
import { Department, GroupCreatedData } from './group.events';

/**
 * GET /api/groups item and GET /api/groups/<id>: the group fields of docs/product.md, Data, plus the client-view
 * memberCount, type and requiresSubscription, and what the signed-in member may do there.
 */
export const GroupView = GroupCreatedData.omit({ groupId: true }).extend({
  id: z.number().int(),
  memberCount: z.number().int(),
  type: Department,
  requiresSubscription: z.boolean(),
  /** Whether the signed-in member may create topics, post opinions and vote here (false signed out). */
  canParticipate: z.boolean(),
  /** Whether the signed-in member belongs to the group (owner or member). */
  isMember: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupView = z.infer<typeof GroupView>;

/** GET /api/user/groups item: a membership of the signed-in member (docs/product.md, Data). */
export const UserGroupView = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.number().int(),
  isSubscribed: z.boolean(),
  isLeader: z.boolean(),
  role: z.enum(['owner', 'member']),
  joinedAt: z.string(),
  group: GroupView,
});
export type UserGroupView = z.infer<typeof UserGroupView>;

/**
 * GET /api/groups/<id>/members item (beyond the spec's calls): who is in a personal group, shown to
 * its own members only (docs/decisions.md, Member lists of personal groups).
 */
export const GroupMemberView = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  isLeader: z.boolean(),
  joinedAt: z.string(),
});
export type GroupMemberView = z.infer<typeof GroupMemberView>;
export const NO_MEMBER_LIST = 'Only personal groups list their members.';

/** GET /api/groups/<id>/stats. */
export const GroupStats = z.object({
  activeMembers: z.number().int(),
  activeTopics: z.number().int(),
  pendingElections: z.number().int(),
  resolvedIssues: z.number().int(),
});
export type GroupStats = z.infer<typeof GroupStats>;

/** GET /api/platform/stats. */
export const PlatformStats = z.object({
  resolvedDisputes: z.number().int(),
  lawsAmended: z.number().int(),
  electionsHeld: z.number().int(),
});
export type PlatformStats = z.infer<typeof PlatformStats>;

/** Group 1 is the alias of the signed-in member's own family group (docs/product.md, Personal groups). */
export const MY_FAMILY_GROUP_ALIAS = 1;
export const GROUP_NOT_FOUND = 'Group not found';
export const NOT_A_MEMBER = 'This person is not a member of the group.';

/** Group ids are PostgreSQL int4 serials (events/src/ids.ts): a larger number must never reach a query (it fails there, a 500). */
export const GROUP_ID_MAX = SERIAL_MAX;

/** A group id in a JSON body: a JSON number from 1 to GROUP_ID_MAX; `message` is the field's one refusal, e.g. 'Please select a group'. */
export const groupIdSchema = (message: string) => serialField(message);

/** A group id in a path (`/api/groups/:id`): one no group can have (not digits, 0, past int4) is a 404 like a missing group. */
export const groupIdParam = () => serialParam(GROUP_NOT_FOUND);

const AnyGroupId = serialField(GROUP_NOT_FOUND);

/** A group id from a path: a number no group can have names none, so it is a 404 like a missing group. */
export function existingGroupId(id: number): number {
  if (!AnyGroupId.safeParse(id).success) throw new NotFoundError(GROUP_NOT_FOUND);
  return id;
}
