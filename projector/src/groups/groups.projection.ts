import type { GroupCreated } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';


export const groupsProjection: Projection = {
  name: 'groups',
  version: 1,

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
        owner_id text,
        member_count integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'groups')} (department, name)`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const created = events.filter((event): event is ProjectedEvent & GroupCreated => event.type === 'GroupCreated');
    if (created.length === 0) return;
    for (const event of created) changes.add('groups', event.data.groupId);
    const column = <T>(pick: (event: ProjectedEvent & GroupCreated) => T) => created.map(pick);
    // One statement over arrays: a VALUES list of a thousand rows costs more to build and plan than to run.
    await sql`
      insert into ${sql.id(schema, 'groups')} (id, name, description, department, subcategory, subscription_type, features, owner_id, created_at, updated_at)
      select id, name, description, department, subcategory, subscription_type, features::jsonb, owner_id, at, at
      from unnest(
        ${column((e) => e.data.groupId)}::int[], ${column((e) => e.data.name)}::text[], ${column((e) => e.data.description)}::text[],
        ${column((e) => e.data.department)}::text[], ${column((e) => e.data.subcategory)}::text[], ${column((e) => e.data.subscriptionType)}::text[],
        ${column((e) => JSON.stringify(e.data.features))}::text[], ${column((e) => e.data.ownerId)}::text[], ${column(eventTime)}::timestamptz[]
      ) as g(id, name, description, department, subcategory, subscription_type, features, owner_id, at)
      on conflict (id) do nothing`.execute(db);
  },
};
