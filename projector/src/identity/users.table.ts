import type { Role } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/** Read model `users`: the member as pages show them. Credentials never leave the event streams. */
export const usersTable = defineTable(
  'users',
  {
    id: column.uuid(),
    /** Null once the account is erased. */
    email: column.text().nullable().unique(),
    email_verified: column.boolean().default(false),
    first_name: column.text().nullable(),
    last_name: column.text().nullable(),
    profile_image_url: column.text().nullable(),
    about_me: column.text().nullable(),
    city: column.text().nullable(),
    website_url: column.text().nullable(),
    twitter_url: column.text().nullable(),
    linkedin_url: column.text().nullable(),
    github_url: column.text().nullable(),
    is_subscribed: column.boolean().default(false),
    subscription_plan: column.text().nullable(),
    subscription_status: column.text().nullable(),
    subscription_start_date: column.timestamptz().nullable(),
    subscription_end_date: column.timestamptz().nullable(),
    is_banned: column.boolean().default(false),
    ban_reason: column.text().nullable(),
    banned_at: column.timestamptz().nullable(),
    roles: column.textArray<Role>().default([]),
    /** False for accounts that only sign in through a provider (erasure then asks for a fresh sign-in). */
    has_password: column.boolean().default(false),
    /** When the account was erased (AccountErased): only its id remains. */
    erased_at: column.timestamptz().nullable(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    // The banned few, read by command-api's suspension check at start and after each change.
    indexes: [{ columns: ['id'], where: sql`is_banned` }],
  },
);
