import { sql, type Generated, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';

/** The table the migration below creates. */
export interface ProfileImageTables {
  profile_images: { hash: string; user_id: string; bytes: Buffer; created_at: Generated<Date> };
}

export const profileImageMigrations: Record<string, Migration> = {
  '2026_12_01_001_profile_images': {
    async up(db: Kysely<unknown>) {
      // Pictures stay out of the events (an event is forever; erasure deletes these rows). Keyed by the
      // output's content hash and its owner: two members' identical pictures are two rows, so erasing one keeps the other's.
      await sql`create table profile_images (hash text not null, user_id uuid not null, bytes bytea not null, created_at timestamptz not null default now(), primary key (hash, user_id))`.execute(
        db,
      );
      await sql`create index on profile_images (user_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table profile_images`.execute(db);
    },
  },
};

/** Re-encoded profile pictures by content hash (command-api writes, query-api serves, erasure deletes). */
export class ProfileImageStore {
  // Raw SQL only: any Kysely (a transaction too) runs it, whatever tables it types.
  constructor(private readonly db: QueryExecutorProvider) {}

  async put(userId: string, hash: string, bytes: Buffer): Promise<void> {
    await sql`insert into profile_images (hash, user_id, bytes) values (${hash}, ${userId}, ${bytes}) on conflict (hash, user_id) do nothing`.execute(this.db);
  }

  /** The picture's bytes; any owner's copy will do, since the hash names the bytes. */
  async get(hash: string): Promise<Buffer | null> {
    const row = (await sql<{ bytes: Buffer }>`select bytes from profile_images where hash = ${hash} limit 1`.execute(this.db)).rows[0];
    return row?.bytes ?? null;
  }

  /** Deletes the member's other pictures once one (or none) is current: what the member replaced or removed is not kept. */
  async keepOnly(userId: string, currentHash: string | null): Promise<void> {
    await sql`delete from profile_images where user_id = ${userId} and hash is distinct from ${currentHash}`.execute(this.db);
  }

  /** Erasure: every picture of the member. */
  async deleteAllOf(userId: string): Promise<void> {
    await sql`delete from profile_images where user_id = ${userId}`.execute(this.db);
  }
}
