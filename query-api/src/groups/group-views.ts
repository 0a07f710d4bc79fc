import { canParticipate, hasMembers, shownGroupName, type GroupView } from '@civitas/events';
import type { GroupRow } from '../lib/group-visibility';
import { participantIn, type ParticipantProfile } from '../lib/viewer';

/** Groups with members count them; open groups count the members who took part. */
export const memberCount = (row: GroupRow) => (hasMembers(row.department) ? row.member_count : (row.participant_count ?? 0));

export function toGroupView(row: GroupRow, viewer: ParticipantProfile | null): GroupView {
  return {
    id: row.id,
    name: shownGroupName(row),
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
