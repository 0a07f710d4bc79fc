import { sql, type Kysely, type Migration } from 'kysely';

export const sessionMigrations: Record<string, Migration> = {
  '2026_11_22_002_sessions': {
    async up(db: Kysely<any>) {
      // sid holds a hash of the cookie's token: a leaked table opens no session.
      await sql`create table sessions (sid text primary key, sess jsonb not null, expire timestamptz not null)`.execute(db);
      await sql`create index sessions_expire on sessions (expire)`.execute(db);
      await sql`create index sessions_user on sessions ((sess->>'userId'))`.execute(db);
      // Short-lived sign-in flows (OpenID Connect state, nonce and PKCE verifier).
      await sql`create table auth_flows (id text primary key, data jsonb not null, expire timestamptz not null)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table auth_flows`.execute(db);
      await sql`drop table sessions`.execute(db);
    },
  },
};
