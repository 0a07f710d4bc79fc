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
    const rows = created.map((event) => {
      changes.add('groups', event.data.groupId);
      return {
        id: event.data.groupId,
        name: event.data.name,
        description: event.data.description,
        department: event.data.department,
        subcategory: event.data.subcategory,
        subscription_type: event.data.subscriptionType,
        features: JSON.stringify(event.data.features),
        owner_id: event.data.ownerId,
        created_at: eventTime(event),
        updated_at: eventTime(event),
      };
    });
    // A replayed batch meets its own rows: creation is idempotent by group id.
    await db.withSchema(schema).insertInto('groups').values(rows).onConflict((conflict) => conflict.column('id').doNothing()).execute();
  },
};
