import type { GroupCreated, GroupMemberJoined, GroupMemberLeft } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type Created = ProjectedEvent & GroupCreated;
type Joined = ProjectedEvent & GroupMemberJoined;
type Left = ProjectedEvent & GroupMemberLeft;

export const groupsProjection: Projection = {
  name: 'groups',
  version: 3,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'groups')} (
        id integer primary key,
        name text not null,
        description text not null,
        department text not null,
        subcategory text,
        subscription_type text not null,
        features jsonb not null,
        owner_id uuid,
        member_count integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'groups')} (department, name)`.execute(db);
    await sql`create index on ${sql.id(schema, 'groups')} (owner_id) where owner_id is not null`.execute(db);
    await sql`
      create table ${sql.id(schema, 'group_members')} (
        group_id integer not null,
        user_id uuid not null,
        role text not null,
        is_leader boolean not null,
        status text not null,
        joined_at timestamptz not null,
        removed_at timestamptz,
        removed_by uuid,
        primary key (group_id, user_id)
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'group_members')} (user_id)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const created = events.filter((event): event is Created => event.type === 'GroupCreated');
    if (created.length > 0) {
      for (const event of created) changes.add('groups', event.data.groupId);
      const column = <T>(pick: (event: Created) => T) => created.map(pick);
      // One statement over arrays: a VALUES list of a thousand rows costs more to build and plan than to run.
      await sql`
        insert into ${sql.id(schema, 'groups')} (id, name, description, department, subcategory, subscription_type, features, owner_id, created_at, updated_at)
        select id, name, description, department, subcategory, subscription_type, features::jsonb, owner_id, at, at
        from unnest(
          ${column((e) => e.data.groupId)}::int[], ${column((e) => e.data.name)}::text[], ${column((e) => e.data.description)}::text[],
          ${column((e) => e.data.department)}::text[], ${column((e) => e.data.subcategory)}::text[], ${column((e) => e.data.subscriptionType)}::text[],
          ${column((e) => JSON.stringify(e.data.features))}::text[], ${column((e) => e.data.ownerId)}::uuid[], ${column(eventTime)}::timestamptz[]
        ) as g(id, name, description, department, subcategory, subscription_type, features, owner_id, at)
        on conflict (id) do nothing`.execute(db);
    }
    for (const event of events) {
      if (event.type === 'GroupMemberJoined') await joined(db, schema, event as Joined);
      else if (event.type === 'GroupMemberLeft') await left(db, schema, event as Left);
      else continue;
      changes.add('groups', (event as Joined | Left).data.groupId);
      changes.add('group_members', (event as Joined | Left).data.userId);
    }
  },
};

/** A member who left stays listed (cut, fired) until they join again; only active members count. */
async function joined(db: Kysely<any>, schema: string, event: Joined) {
  const { data } = event;
  const at = eventTime(event);
  const members = sql.id(schema, 'group_members');
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
  if (!result.rows[0]?.was_active) {
    await sql`update ${sql.id(schema, 'groups')} set member_count = member_count + 1, updated_at = ${at} where id = ${data.groupId}`.execute(db);
  }
}

async function left(db: Kysely<any>, schema: string, event: Left) {
  const { data } = event;
  const removed = await sql`
    update ${sql.id(schema, 'group_members')} set status = ${data.reason}, removed_at = ${eventTime(event)}, removed_by = ${data.removedBy}
    where group_id = ${data.groupId} and user_id = ${data.userId} and status = 'active'`.execute(db);
  if (Number(removed.numAffectedRows) > 0) {
    await sql`update ${sql.id(schema, 'groups')} set member_count = member_count - 1, updated_at = ${eventTime(event)} where id = ${data.groupId}`.execute(db);
  }
}
