import { eventStoreMigrations } from '@civitas/events';
import type { Migration } from 'kysely';

/** Every schema migration of the platform, applied in name order; read models are rebuilt, not migrated. */
export const platformMigrations: Record<string, Migration> = {
  ...eventStoreMigrations,
};
