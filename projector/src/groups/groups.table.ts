import type { Department, QuorumTopicType, SubscriptionType } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/** Read model `groups`: the catalogue and personal groups as the query side serves them. */
export const groupsTable = defineTable(
  'groups',
  {
    id: column.integer(),
    name: column.text(),
    description: column.text(),
    department: column.text<Department>(),
    subcategory: column.text().nullable(),
    subscription_type: column.text<SubscriptionType>(),
    features: column.jsonb<string[]>(),
    owner_id: column.uuid().nullable(),
    /** Memberships (personal groups, Alliance); open groups count their participants elsewhere. */
    member_count: column.integer().default(0),
    /** The quorums its leaders set by topic type (GroupQuorumSet; issue #34 item 3); a type missing has the default. */
    quorums: column.jsonb<Partial<Record<QuorumTopicType, number>>>().default(sql`'{}'::jsonb`),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['department', 'name'] }, { columns: ['owner_id'], where: sql`owner_id is not null` }],
  },
);

/** Read model `group_members`: who belongs or belonged to which group (docs/product.md, Data: memberships, friendships, business memberships). */
export const groupMembersTable = defineTable(
  'group_members',
  {
    group_id: column.integer(),
    user_id: column.uuid(),
    role: column.text<'owner' | 'member'>(),
    is_leader: column.boolean(),
    /** Only active members belong; the others were cut, fired or left. */
    status: column.text<'active' | 'cut' | 'fired' | 'left' | 'stepped_down'>(),
    joined_at: column.timestamptz(),
    removed_at: column.timestamptz().nullable(),
    removed_by: column.uuid().nullable(),
  },
  {
    primaryKey: ['group_id', 'user_id'],
    indexes: [{ columns: ['user_id'] }],
  },
);
