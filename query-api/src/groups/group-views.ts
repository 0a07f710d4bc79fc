import { canParticipate, hasMembers, isPersonalDepartment, personalGroupName, type GroupView } from '@civitas/events';
import type { GroupsTable, ReadModels } from '@civitas/projector';
import { participantIn, type ParticipantProfile } from '../lib/viewer';
import type { Kysely } from 'kysely';

export type GroupRow = GroupsTable & { participant_count: number | null; owner_first_name: string | null };

/**
 * Groups with their participant counts (open groups count who took part, membership groups their
 * members) and, for personal groups, their owner's first name to show them by.
 */
export const groupRows = (readModels: Kysely<ReadModels>) =>
  readModels.selectFrom('groups')
    .leftJoin('group_activity', 'group_activity.group_id', 'groups.id')
    .leftJoin('users as owner', 'owner.id', 'groups.owner_id')
    .selectAll('groups').select(['group_activity.participant_count', 'owner.first_name as owner_first_name']);

/** Groups with members count them; open groups count the members who took part. */
export const memberCount = (row: GroupRow) => (hasMembers(row.department) ? row.member_count : (row.participant_count ?? 0));

/** A personal group is seen only by its members. */
export const visibleTo = (row: GroupsTable, viewer: ParticipantProfile | null) =>
  !isPersonalDepartment(row.department) || (viewer !== null && viewer.memberships.has(row.id));

export function toGroupView(row: GroupRow, viewer: ParticipantProfile | null): GroupView {
  return {
    id: row.id,
    name: isPersonalDepartment(row.department) ? personalGroupName(row.owner_first_name, row.department) : row.name,
    description: row.description,
    department: row.department,
    subcategory: row.subcategory,
    subscriptionType: row.subscription_type,
    features: row.features,
    ownerId: row.owner_id,
    memberCount: memberCount(row),
    type: row.department,
    requiresSubscription: row.subscription_type === 'premium',
    canParticipate: viewer !== null && canParticipate(row, participantIn(viewer, row.id)),
    isMember: viewer?.memberships.has(row.id) ?? false,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
