import { hasMembers, type GroupCreated, type GroupLeaderElected, type GroupMemberJoined, type GroupMemberLeft, type GroupQuorumSet } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { insertRows, type DatabaseOf } from '../lib/table';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { groupMembersTable, groupsTable } from './groups.table';

type Created = ProjectedEvent & GroupCreated;
type Joined = ProjectedEvent & GroupMemberJoined;
type Left = ProjectedEvent & GroupMemberLeft;
type LeaderElected = ProjectedEvent & GroupLeaderElected;
type QuorumSet = ProjectedEvent & GroupQuorumSet;
type GroupTables = DatabaseOf<typeof groupsTable | typeof groupMembersTable>;

export const groupsProjection = defineProjection({
  name: 'groups',
  // 4: leaders from GroupLeaderElected (is_leader; a leader of an open group is listed as its member while they lead).
  // 5: the quorums its leaders set (GroupQuorumSet; issue #34 item 3).
  version: 5,
  tables: [groupsTable, groupMembersTable],
  handles: ['GroupCreated', 'GroupMemberJoined', 'GroupMemberLeft', 'GroupLeaderElected', 'GroupQuorumSet'],
  /*
   * GroupCreated is a pure mapping to a row of its own, and it comes before everything else the
   * fold reads about that group: it is the first event of `group-{id}` (decided only while the
   * stream is empty), memberships follow it in that stream, and leaders are elected by topics of
   * a group that exists. So the rows go in at once and the memberships are folded afterwards.
   */
  setBasedRebuild: {
    types: ['GroupCreated'],
    foldedTypes: ['GroupMemberJoined', 'GroupMemberLeft', 'GroupLeaderElected', 'GroupQuorumSet'],
    insert: (schema, events) => sql`
      insert into ${sql.id(schema, groupsTable.name)} (id, name, description, department, subcategory, subscription_type, features, owner_id, created_at, updated_at)
      select (e.data->>'groupId')::integer, e.data->>'name', e.data->>'description', e.data->>'department', e.data->>'subcategory',
        e.data->>'subscriptionType', e.data->'features', (e.data->>'ownerId')::uuid, e.occurred_at, e.occurred_at
      from ${events} as e
      on conflict (id) do nothing`,
  },

  async apply(db, schema, events, changes) {
    const created = events.filter((event): event is Created => event.type === 'GroupCreated');
    if (created.length > 0) {
      for (const event of created) changes.add('groups', event.data.groupId);
      const column = <T>(pick: (event: Created) => T) => created.map(pick);
      const times = column(eventTime);
      const { columns, rows } = insertRows(groupsTable, {
        id: column((e) => e.data.groupId),
        name: column((e) => e.data.name),
        description: column((e) => e.data.description),
        department: column((e) => e.data.department),
        subcategory: column((e) => e.data.subcategory),
        subscription_type: column((e) => e.data.subscriptionType),
        features: column((e) => JSON.stringify(e.data.features)),
        owner_id: column((e) => e.data.ownerId),
        created_at: times,
        updated_at: times,
      });
      await sql`insert into ${sql.id(schema, groupsTable.name)} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
    }
    for (const event of events) {
      if (event.type === 'GroupQuorumSet') {
        await quorumSet(db, schema, event as QuorumSet);
        changes.add('groups', (event as QuorumSet).data.groupId);
        continue;
      }
      if (event.type === 'GroupMemberJoined') await joined(db, schema, event as Joined);
      else if (event.type === 'GroupMemberLeft') await left(db, schema, event as Left);
      else if (event.type === 'GroupLeaderElected') {
        await leaderElected(db, schema, event as LeaderElected);
        const { previousLeaderId } = (event as LeaderElected).data;
        if (previousLeaderId) changes.add('group_members', previousLeaderId);
      } else continue;
      changes.add('groups', (event as Joined | Left | LeaderElected).data.groupId);
      changes.add('group_members', (event as Joined | Left | LeaderElected).data.userId);
    }
  },
});

/** The leaders' quorum for one topic type: the last one set stands (a redelivery sets the same again). */
async function quorumSet(db: Kysely<GroupTables>, schema: string, event: QuorumSet) {
  const { groupId, topicType, quorumPercent } = event.data;
  await db
    .withSchema(schema)
    .updateTable('groups')
    .set({ quorums: sql`quorums || jsonb_build_object(${topicType}::text, ${quorumPercent}::int)`, updated_at: eventTime(event) })
    .where('id', '=', groupId)
    .execute();
}

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
  const removed = await db
    .withSchema(schema)
    .updateTable('group_members')
    .set({ status: data.reason, removed_at: at, removed_by: data.removedBy })
    .where('group_id', '=', data.groupId)
    .where('user_id', '=', data.userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (removed.numUpdatedRows > 0n) await countMember(db, schema, data.groupId, -1, at);
}

async function countMember(db: Kysely<GroupTables>, schema: string, groupId: number, change: 1 | -1, at: string) {
  await db
    .withSchema(schema)
    .updateTable('groups')
    .set((eb) => ({ member_count: eb('member_count', '+', change), updated_at: at }))
    .where('id', '=', groupId)
    .execute();
}

/**
 * A main election's winner leads the group (isLeader on the membership: docs/product.md, Roles). Open groups have no
 * members, so there the leader is listed as one while they lead (that is how GET /api/user/groups
 * shows their leadership) and steps down out of the list; in a group with members the previous
 * leader stays a member.
 */
async function leaderElected(db: Kysely<GroupTables>, schema: string, event: LeaderElected) {
  const { groupId, userId, previousLeaderId } = event.data;
  const at = eventTime(event);
  const group = await db.withSchema(schema).selectFrom('groups').select('department').where('id', '=', groupId).executeTakeFirst();
  if (!group) return;
  if (previousLeaderId && previousLeaderId !== userId) {
    const previous = db.withSchema(schema).updateTable('group_members').where('group_id', '=', groupId).where('user_id', '=', previousLeaderId);
    if (hasMembers(group.department)) await previous.set({ is_leader: false }).execute();
    else {
      const removed = await previous
        .set({ is_leader: false, status: 'stepped_down', removed_at: at, removed_by: null })
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (removed.numUpdatedRows > 0n) await countMember(db, schema, groupId, -1, at);
    }
  }
  const members = sql.id(schema, groupMembersTable.name);
  const result = await sql<{ was_active: boolean }>`
    with previous as (select status from ${members} where group_id = ${groupId} and user_id = ${userId}),
    upserted as (
      insert into ${members} as m (group_id, user_id, role, is_leader, status, joined_at)
      values (${groupId}, ${userId}, 'member', true, 'active', ${at})
      on conflict (group_id, user_id) do update set is_leader = true, status = 'active',
        joined_at = case when m.status = 'active' then m.joined_at else excluded.joined_at end, removed_at = null, removed_by = null
      returning 1)
    select coalesce((select status = 'active' from previous), false) as was_active from upserted`.execute(db);
  if (!result.rows[0]?.was_active) await countMember(db, schema, groupId, +1, at);
}
