import type { GroupCreated, GroupMemberJoined, GroupMemberLeft } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { insertRows, type DatabaseOf } from '../lib/table';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { groupMembersTable, groupsTable } from './groups.table';

type Created = ProjectedEvent & GroupCreated;
type Joined = ProjectedEvent & GroupMemberJoined;
type Left = ProjectedEvent & GroupMemberLeft;
type GroupTables = DatabaseOf<typeof groupsTable | typeof groupMembersTable>;

export const groupsProjection = defineProjection({
  name: 'groups',
  version: 3,
  tables: [groupsTable, groupMembersTable],

  async apply(db, schema, events, changes) {
    const created = events.filter((event): event is Created => event.type === 'GroupCreated');
    if (created.length > 0) {
      for (const event of created) changes.add('groups', event.data.groupId);
      const column = <T>(pick: (event: Created) => T) => created.map(pick);
      const times = column(eventTime);
      const { columns, rows } = insertRows(groupsTable, {
        id: column((e) => e.data.groupId), name: column((e) => e.data.name), description: column((e) => e.data.description),
        department: column((e) => e.data.department), subcategory: column((e) => e.data.subcategory), subscription_type: column((e) => e.data.subscriptionType),
        features: column((e) => JSON.stringify(e.data.features)), owner_id: column((e) => e.data.ownerId), created_at: times, updated_at: times,
      });
      await sql`insert into ${sql.id(schema, groupsTable.name)} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
    }
    for (const event of events) {
      if (event.type === 'GroupMemberJoined') await joined(db, schema, event as Joined);
      else if (event.type === 'GroupMemberLeft') await left(db, schema, event as Left);
      else continue;
      changes.add('groups', (event as Joined | Left).data.groupId);
      changes.add('group_members', (event as Joined | Left).data.userId);
    }
  },
});

/** A member who left stays listed (cut, fired) until they join again; only active members count. */
async function joined(db: Kysely<GroupTables>, schema: string, event: Joined) {
  const { data } = event;
  const at = eventTime(event);
  const members = sql.id(schema, groupMembersTable.name);
  // Every CTE sees the rows as they were before the upsert: was this member active already?
  const result = await sql<{ was_active: boolean }>`
    with previous as (select status from ${members} where group_id = ${data.groupId} and user_id = ${data.userId}),
    upserted as (
      insert into ${members} as m (group_id, user_id, role, is_leader, status, joined_at)
      values (${data.groupId}, ${data.userId}, ${data.role}, ${data.isLeader}, 'active', ${at})
      on conflict (group_id, user_id) do update set role = excluded.role, is_leader = excluded.is_leader, status = 'active',
        joined_at = case when m.status = 'active' then m.joined_at else excluded.joined_at end, removed_at = null, removed_by = null
      returning 1)
    select coalesce((select status = 'active' from previous), false) as was_active from upserted`.execute(db);
  if (!result.rows[0]?.was_active) await countMember(db, schema, data.groupId, +1, at);
}

async function left(db: Kysely<GroupTables>, schema: string, event: Left) {
  const { data } = event;
  const at = eventTime(event);
  const removed = await db.withSchema(schema).updateTable('group_members')
    .set({ status: data.reason, removed_at: at, removed_by: data.removedBy })
    .where('group_id', '=', data.groupId).where('user_id', '=', data.userId).where('status', '=', 'active')
    .executeTakeFirst();
  if (removed.numUpdatedRows > 0n) await countMember(db, schema, data.groupId, -1, at);
}

async function countMember(db: Kysely<GroupTables>, schema: string, groupId: number, change: 1 | -1, at: string) {
  await db.withSchema(schema).updateTable('groups')
    .set((eb) => ({ member_count: eb('member_count', '+', change), updated_at: at }))
    .where('id', '=', groupId).execute();
}
