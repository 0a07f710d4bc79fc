import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What command-api's notification mailer keeps (docs/decisions.md, Notification mail): its place in the
 * read models, a claim per mail so that no mail goes twice (across restarts and instances), and the
 * digests' runs and claims. Ids only: no address, name or text.
 */
export interface NotificationMailTables {
  /** How far the immediate mailer has read a read model, by (position, id). */
  notification_mail_cursors: { name: string; position: string; id: string };
  /** One immediate mail, claimed before it is sent; `position` is the occurrence it told of. */
  notification_mails: { mail_key: string; user_id: string; position: string; claimed_at: Date; sent_at: Date | null; failed: boolean };
  /** A digest run for a window; `since` is where the window of a member without an earlier digest starts. */
  notification_digest_runs: { period: string; window_end: Date; since: Date; completed_at: Date | null };
  /** One member's digest for one window, claimed before it is sent. */
  notification_digests: { user_id: string; period: string; window_end: Date; claimed_at: Date; sent_at: Date | null; failed: boolean };
}

export const notificationMailMigrations: Record<string, Migration> = {
  '2027_03_01_001_notification_mail': {
    async up(db: Kysely<unknown>) {
      await sql`create table notification_mail_cursors (name text primary key, position text not null, id text not null)`.execute(db);
      // The primary key is the claim: an instance that cannot insert (or take over an old one) does not send.
      await sql`create table notification_mails (
        mail_key text primary key, user_id uuid not null, position text not null,
        claimed_at timestamptz not null, sent_at timestamptz, failed boolean not null default false)`.execute(db);
      await sql`create index notification_mails_claimed_at on notification_mails (claimed_at)`.execute(db);
      await sql`create table notification_digest_runs (
        period text not null, window_end timestamptz not null, since timestamptz not null, completed_at timestamptz,
        primary key (period, window_end))`.execute(db);
      await sql`create table notification_digests (
        user_id uuid not null, period text not null, window_end timestamptz not null,
        claimed_at timestamptz not null, sent_at timestamptz, failed boolean not null default false,
        primary key (user_id, period, window_end))`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table notification_digests`.execute(db);
      await sql`drop table notification_digest_runs`.execute(db);
      await sql`drop table notification_mails`.execute(db);
      await sql`drop table notification_mail_cursors`.execute(db);
    },
  },
};
