import type { Role } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/** Read model `users`: the member as pages show them. Credentials never leave the event streams. */
export const usersTable = defineTable('users', {
  id: column.uuid(),
  email: column.text().unique(),
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
  created_at: column.timestamptz(),
  updated_at: column.timestamptz(),
}, { primaryKey: ['id'] });
