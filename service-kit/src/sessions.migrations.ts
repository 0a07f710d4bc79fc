import { sql, type Kysely, type Migration } from 'kysely';
import type { SessionData } from './sessions';

/** The tables the migrations below create (sessions.ts and the OpenID Connect flow store read them with raw SQL). */
export interface SessionTables {
  /** `sid` is the sha256 of the cookie's token. */
  sessions: { sid: string; sess: SessionData; expire: Date };
  auth_flows: { id: string; data: unknown; expire: Date };
  session_positions: { sid: string; position: string };
}

export const sessionMigrations: Record<string, Migration> = {
  '2026_11_22_002_sessions': {
    async up(db: Kysely<unknown>) {
      // sid holds a hash of the cookie's token: a leaked table opens no session.
      await sql`create table sessions (sid text primary key, sess jsonb not null, expire timestamptz not null)`.execute(db);
      await sql`create index sessions_expire on sessions (expire)`.execute(db);
      await sql`create index sessions_user on sessions ((sess->>'userId'))`.execute(db);
      // Short-lived sign-in flows (OpenID Connect state, nonce and PKCE verifier).
      await sql`create table auth_flows (id text primary key, data jsonb not null, expire timestamptz not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table auth_flows`.execute(db);
      await sql`drop table sessions`.execute(db);
    },
  },
  '2026_11_27_001_session_positions': {
    async up(db: Kysely<unknown>) {
      // The position of the session's last command: its reads wait for it (read-your-writes without the header).
      // Unlogged: written once per command, it must not cost a WAL flush on the vote path; a crash
      // loses it harmlessly (the session's reads wait again from its next command). No foreign key:
      // checking one would lock the session row, a logged write.
      await sql`create unlogged table session_positions (sid text primary key, position text not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table session_positions`.execute(db);
    },
  },
};
