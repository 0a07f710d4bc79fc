import { GroupView } from '@civitas/events/groups/group.contract';
import { Department, SubscriptionType } from '@civitas/events/groups/group.events';

// The shapes GET /api/groups and GET /api/groups/<id> answer with, shared with the query
// API so the two cannot drift. `Group` stays the name the web code uses.

/** A group as the signed-in member sees it, with canParticipate and isMember. */
export const Group = GroupView;
export type Group = GroupView;

export const GroupDepartment = Department;
export type GroupDepartment = Department;

export const GroupSubscriptionType = SubscriptionType;
export type GroupSubscriptionType = SubscriptionType;
