import { eventStoreMigrations, type EventStoreTables } from '@civitas/events';
import { sql, type Kysely, type Migration } from 'kysely';
import { merkleCheckpointMigrations, type MerkleCheckpointTables } from './merkle-store';
import { notificationMailMigrations, type NotificationMailTables } from './notification-mail.migrations';
import { personalDataMigrations, type VaultTables } from './personal-data';
import { personalDocumentMigrations, type PersonalDocumentTables } from './personal-documents';
import { profileImageMigrations, type ProfileImageTables } from './profile-images';
import { rateLimitMigrations, type RateLimitTables } from './rate-limit-store';
import { sessionMigrations, type SessionTables } from './sessions.migrations';

/** How far each reactor that follows the whole store has got (the migration below). */
export interface ReactorCheckpointTables {
  reactor_checkpoints: { name: string; position: string };
}

/**
 * The platform's own tables in the public schema, as the migrations below leave them: what
 * `ServiceRuntime.db` types. The read models live in other schemas and are typed by the projector
 * (`readModelsOn` in database.ts).
 */
export type PlatformDatabase = EventStoreTables &
  SessionTables &
  VaultTables &
  PersonalDocumentTables &
  ProfileImageTables &
  RateLimitTables &
  MerkleCheckpointTables &
  ReactorCheckpointTables &
  NotificationMailTables;

/** Every schema migration of the platform, applied in name order; read models are rebuilt, not migrated. */
export const platformMigrations: Record<string, Migration> = {
  ...eventStoreMigrations,
  ...sessionMigrations,
  ...personalDataMigrations,
  ...personalDocumentMigrations,
  ...rateLimitMigrations,
  ...profileImageMigrations,
  ...merkleCheckpointMigrations,
  ...notificationMailMigrations,
  '2026_11_23_002_personal_group_ids': {
    async up(db: Kysely<unknown>) {
      // Personal groups are numbered from 10000 (docs/decisions.md); a sequence never blocks two sign-ups on each other.
      await sql`create sequence personal_group_ids start 10000`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop sequence personal_group_ids`.execute(db);
    },
  },
  '2026_11_23_003_reactor_checkpoints': {
    async up(db: Kysely<unknown>) {
      // How far each reactor that follows the whole store (the mail outbox) has got.
      await sql`create table reactor_checkpoints (name text primary key, position text not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table reactor_checkpoints`.execute(db);
    },
  },
};
