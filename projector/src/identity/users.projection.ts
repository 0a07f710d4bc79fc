import type { ExternalIdentityLinked, UserPasswordChanged, UserRegistered, UserRoleGranted, UserRoleRevoked } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type UserEvent = ProjectedEvent & (UserRegistered | UserPasswordChanged | ExternalIdentityLinked | UserRoleGranted | UserRoleRevoked);
const USER_EVENTS = new Set(['UserRegistered', 'UserPasswordChanged', 'ExternalIdentityLinked', 'UserRoleGranted', 'UserRoleRevoked']);

export const usersProjection: Projection = {
  name: 'users',
  version: 1,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'users')} (
        id uuid primary key,
        email text not null unique,
        first_name text,
        last_name text,
        profile_image_url text,
        about_me text,
        city text,
        website_url text,
        twitter_url text,
        linkedin_url text,
        github_url text,
        is_subscribed boolean not null default false,
        subscription_plan text,
        subscription_status text,
        subscription_start_date timestamptz,
        subscription_end_date timestamptz,
        participation_score integer not null default 0,
        is_banned boolean not null default false,
        ban_reason text,
        banned_at timestamptz,
        roles text[] not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const users = db.withSchema(schema);
    for (const event of events.filter((candidate): candidate is UserEvent => USER_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('users', event.data.userId);
      switch (event.type) {
        case 'UserRegistered':
          await users
            .insertInto('users')
            .values({ id: event.data.userId, email: event.data.email, first_name: event.data.firstName, last_name: event.data.lastName, profile_image_url: event.data.profileImageUrl, created_at: at, updated_at: at })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        case 'UserRoleGranted':
          await users.updateTable('users')
            .set({ roles: sql`(select array(select distinct unnest(roles || ${[event.data.role]}::text[]) order by 1))`, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'UserRoleRevoked':
          await users.updateTable('users').set({ roles: sql`array_remove(roles, ${event.data.role})`, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserPasswordChanged':
        case 'ExternalIdentityLinked':
          await users.updateTable('users').set({ updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
      }
    }
  },
};
