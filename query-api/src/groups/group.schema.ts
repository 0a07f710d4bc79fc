import { Department, GroupCreatedData } from '@civitas/events';
import type { GroupsTable } from '@civitas/projector';
import { z } from 'zod';

/** GET /api/groups item: the spec's group fields plus the client-view memberCount, type and requiresSubscription. */
export const GroupView = GroupCreatedData.omit({ groupId: true }).extend({
  id: z.number().int(),
  memberCount: z.number().int(),
  type: Department,
  requiresSubscription: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupView = z.infer<typeof GroupView>;

export function toGroupView(row: GroupsTable): GroupView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    department: row.department,
    subcategory: row.subcategory,
    subscriptionType: row.subscription_type,
    features: row.features,
    ownerId: row.owner_id,
    memberCount: row.member_count,
    type: row.department,
    requiresSubscription: row.subscription_type === 'premium',
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
