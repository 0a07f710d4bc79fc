import { eventStoreMigrations } from '@civitas/events';
import type { Migration } from 'kysely';
import { sessionMigrations } from './sessions.migrations';

/** Every schema migration of the platform, applied in name order; read models are rebuilt, not migrated. */
export const platformMigrations: Record<string, Migration> = {
  ...eventStoreMigrations,
  ...sessionMigrations,
};
