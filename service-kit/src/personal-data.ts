import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

export const personalDataMigrations: Record<string, Migration> = {
  '2026_11_23_001_personal_data': {
    async up(db: Kysely<any>) {
      // One key per person: erasing a person deletes their key, and their sealed data in the events is gone for good.
      await sql`create table subject_keys (subject_id text primary key, key bytea not null, created_at timestamptz not null default now())`.execute(db);
      await sql`create table platform_secrets (name text primary key, value bytea not null)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table platform_secrets`.execute(db);
      await sql`drop table subject_keys`.execute(db);
    },
  },
};

const FORMAT = 'v1';

/** Whether a stored value was sealed by the vault (events written before sealing hold clear values). */
export const isSealed = (value: string) => value.startsWith(`${FORMAT}.`) && value.split('.').length === 4;

/**
 * The per-subject encryption helper (ARCHITECTURE.md, "Personal data"): personal data enters
 * events only sealed with its subject's own AES-256-GCM key, kept outside the event store.
 * Several values of one subject are sealed or opened with one key lookup.
 */
export class PersonalDataVault {
  constructor(private readonly db: Kysely<any>) {}

  async seal(subjectId: string, plaintext: string): Promise<string> {
    const [sealed] = await this.sealAll(subjectId, [plaintext]);
    return sealed;
  }

  /** Seals each value (nulls stay null), making the subject's key on first use. */
  async sealAll<const Values extends ReadonlyArray<string | null>>(subjectId: string, values: Values): Promise<{ [Index in keyof Values]: Values[Index] extends string ? string : string | null }> {
    const key = (await this.keyFor(subjectId, true))!;
    return values.map((value) => (value === null ? null : encrypt(key, value))) as { [Index in keyof Values]: Values[Index] extends string ? string : string | null };
  }

  /** The plaintext, or null once the subject's key is erased (or the value was not sealed by us). */
  async open(subjectId: string, sealed: string): Promise<string | null> {
    return isSealed(sealed) ? this.reveal(subjectId, sealed) : null;
  }

  /** A stored personal value in clear: opened when sealed, as it is when written before sealing existed. */
  async reveal(subjectId: string, value: string | null): Promise<string | null> {
    const [revealed] = await this.revealAll(subjectId, [value]);
    return revealed;
  }

  async revealAll<const Values extends ReadonlyArray<string | null>>(subjectId: string, values: Values): Promise<{ [Index in keyof Values]: string | null }> {
    const key = values.some((value) => value !== null && isSealed(value)) ? await this.keyFor(subjectId, false) : null;
    return values.map((value) => (value === null || !isSealed(value) ? value : key ? decrypt(key, value) : null)) as { [Index in keyof Values]: string | null };
  }

  /** Opens one sealed value of each of many subjects (a list's rows) with one key lookup; null where `open` gives null. */
  async openEach(items: ReadonlyArray<{ subjectId: string; sealed: string }>): Promise<Array<string | null>> {
    const subjects = [...new Set(items.filter((item) => isSealed(item.sealed)).map((item) => item.subjectId))];
    const keys = new Map<string, Buffer>();
    if (subjects.length > 0) {
      const rows = await sql<{ subject_id: string; key: Buffer }>`select subject_id, key from subject_keys where subject_id = any(${subjects})`.execute(this.db);
      for (const row of rows.rows) keys.set(row.subject_id, row.key);
    }
    return items.map(({ subjectId, sealed }) => {
      const key = isSealed(sealed) ? keys.get(subjectId) : undefined;
      return key ? decrypt(key, sealed) : null;
    });
  }

  /** Erasure: without the key, nothing sealed for this subject can be read again. */
  async erase(subjectId: string): Promise<void> {
    await sql`delete from subject_keys where subject_id = ${subjectId}`.execute(this.db);
  }

  private async keyFor(subjectId: string, create: boolean): Promise<Buffer | null> {
    if (create) {
      // One round trip: the new key, or the one that exists already.
      const made = await sql<{ key: Buffer }>`
        with created as (insert into subject_keys (subject_id, key) values (${subjectId}, ${randomBytes(32)}) on conflict (subject_id) do nothing returning key)
        select key from created union all select key from subject_keys where subject_id = ${subjectId} limit 1`.execute(this.db);
      // A key made by a concurrent transaction is not in this statement's snapshot: read it again.
      if (made.rows[0]) return made.rows[0].key;
    }
    const row = (await sql<{ key: Buffer }>`select key from subject_keys where subject_id = ${subjectId}`.execute(this.db)).rows[0];
    return row?.key ?? null;
  }
}

function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

function decrypt(key: Buffer, sealed: string): string | null {
  const [, iv, body, tag] = sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A keyed hash (HMAC-SHA256) for looking personal identifiers up without storing them: a
 * national id is unique per country, yet the stream that says so is named by this hash only.
 * The key comes from the configuration, else it is made once and kept in the database.
 */
export async function createKeyedHasher(db: Kysely<any>, name: string, configured?: string): Promise<(value: string) => string> {
  let key: Buffer;
  if (configured) {
    key = Buffer.from(configured, 'utf8');
  } else {
    await sql`insert into platform_secrets (name, value) values (${name}, ${randomBytes(32)}) on conflict (name) do nothing`.execute(db);
    key = (await sql<{ value: Buffer }>`select value from platform_secrets where name = ${name}`.execute(db)).rows[0]!.value;
  }
  return (value) => createHmac('sha256', key).update(value).digest('hex');
}
