import { GroupView } from '@civitas/events/groups/group.contract';
import { Department, SubscriptionType, type PersonalDepartment } from '@civitas/events/groups/group.events';

// The shapes GET /api/groups and GET /api/groups/<id> answer with, shared with the query
// API so the two cannot drift. `Group` stays the name the web code uses.

/** A group as the signed-in member sees it, with canParticipate and isMember. */
export const Group = GroupView;
export type Group = GroupView;

export const GroupDepartment = Department;
export type GroupDepartment = Department;

export const GroupSubscriptionType = SubscriptionType;
export type GroupSubscriptionType = SubscriptionType;

/**
 * The member's own personal group of a department, if they have one: GET /api/groups lists
 * the member's personal groups with their owner.
 */
export function ownGroupId(groups: readonly Group[], userId: string, department: PersonalDepartment): number | undefined {
  return groups.find((group) => group.department === department && group.ownerId === userId)?.id;
}
