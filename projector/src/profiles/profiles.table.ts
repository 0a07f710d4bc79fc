import type { ActivityKind, Badge, VoteType } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/** Read model `user_badges`: the badges admins granted and have not revoked (computed badges are not stored). */
export const userBadgesTable = defineTable(
  'user_badges',
  {
    user_id: column.uuid(),
    badge: column.text<Badge>(),
    granted_by: column.uuid(),
    reason: column.text().nullable(),
    granted_at: column.timestamptz(),
  },
  { primaryKey: ['user_id', 'badge'] },
);

/**
 * Read model `user_activity`: each member's own actions, one row per event, newest first by
 * position. Only ids: titles, opinion texts and names are joined when read, so a deleted topic or
 * an erased delegate shows as what it is now.
 */
export const userActivityTable = defineTable(
  'user_activity',
  {
    user_id: column.uuid(),
    /** The event's position: its order and the page cursor. */
    position: column.text(),
    kind: column.text<ActivityKind>(),
    topic_id: column.uuid().nullable(),
    opinion_id: column.uuid().nullable(),
    group_id: column.integer().nullable(),
    /** The delegate of a delegation. */
    other_user_id: column.uuid().nullable(),
    vote_type: column.text<VoteType>().nullable(),
    occurred_at: column.timestamptz(),
  },
  { primaryKey: ['user_id', 'position'] },
);
