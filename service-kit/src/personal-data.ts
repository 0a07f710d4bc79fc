import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { sql, type Generated, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import type { Logger } from './logger';
import type { VaultKey } from './vault-key';

/** The vault's tables (the migration below): each subject's key and the platform's secrets, wrapped by the vault key. */
export interface VaultTables {
  subject_keys: { subject_id: string; key: Buffer; created_at: Generated<Date> };
  platform_secrets: { name: string; value: Buffer };
}

export const personalDataMigrations: Record<string, Migration> = {
  '2026_11_23_001_personal_data': {
    async up(db: Kysely<unknown>) {
      // One key per person: erasing a person deletes their key, and their sealed data in the events is gone for good.
      await sql`create table subject_keys (subject_id text primary key, key bytea not null, created_at timestamptz not null default now())`.execute(db);
      await sql`create table platform_secrets (name text primary key, value bytea not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table platform_secrets`.execute(db);
      await sql`drop table subject_keys`.execute(db);
    },
  },
};

const FORMAT = 'v1';
/** The first byte of sealed bytes: their format, so another can follow. */
const BYTES_FORMAT = Buffer.from([0xb1]);

/**
 * Subject keys and platform secrets are kept wrapped (AES-256-GCM) with the vault's key-encryption
 * key, which lives outside the database (VAULT_KEY or DATA_DIR/vault.key): a copy of the database
 * alone opens nothing. A wrapped value is the prefix, IV, the wrapped 32-byte key and the tag.
 */
const WRAPPED_PREFIX = Buffer.from('wk1.');
/** Every key the vault ever kept in clear is 32 random bytes; wrapped, it is 64. */
const CLEAR_LENGTH = 32;
const WRAPPED_LENGTH = WRAPPED_PREFIX.length + 12 + CLEAR_LENGTH + 16;
/** A platform_secrets row whose only use is to tell whether a key-encryption key is this database's. */
const KEY_CHECK = 'vault-key-check';
const WRAP_BATCH = 500;

let keyEncryptionKey: Buffer | null = null;

const subjectLabel = (subjectId: string) => `subject_keys:${subjectId}`;
const secretLabel = (name: string) => `platform_secrets:${name}`;

/** Whether a stored key is wrapped (keys written before wrapping are 32 bytes in clear). */
export const isWrappedKey = (stored: Buffer) => stored.length === WRAPPED_LENGTH && stored.subarray(0, WRAPPED_PREFIX.length).equals(WRAPPED_PREFIX);

/**
 * Gives this process's vaults their key-encryption key, once it is known to be the database's:
 * refuses a key that does not open what the database holds (new keys under it would leave every
 * member's sealed data unreadable), then wraps any key still kept in clear. Every process opens
 * the vault at start (openServiceRuntime); one process, one key.
 */
export async function openVault(db: QueryExecutorProvider, { key, source }: VaultKey, log?: Logger): Promise<void> {
  // A process that does not migrate may start before the tables exist: there is nothing to check yet.
  const tables = await sql<{
    present: boolean;
  }>`select to_regclass('platform_secrets') is not null and to_regclass('subject_keys') is not null as present`.execute(db);
  if (tables.rows[0]?.present) {
    if (!(await keyOpensDatabase(db, key))) {
      throw new Error(
        `the vault key from ${source} is not the key this database's vault was made with; start with that key (new keys now would leave every member's sealed data unreadable)`,
      );
    }
    const wrapped = await wrapClearKeys(db, key);
    if (wrapped > 0) log?.info({ wrapped }, 'vault keys kept in clear are now wrapped with the vault key');
  }
  keyEncryptionKey = key;
}

async function keyOpensDatabase(db: QueryExecutorProvider, key: Buffer): Promise<boolean> {
  const check = async () => (await sql<{ value: Buffer }>`select value from platform_secrets where name = ${KEY_CHECK}`.execute(db)).rows[0]?.value;
  if (!(await check())) {
    // No check yet (a database from before wrapping, or a new one): any wrapped key already there must open with this key.
    const samples = await sql<{ label: string; value: Buffer }>`
      (select 'subject_keys:' || subject_id as label, key as value from subject_keys where length(key) = ${WRAPPED_LENGTH} and substring(key from 1 for ${WRAPPED_PREFIX.length}) = ${WRAPPED_PREFIX} limit 1)
      union all
      (select 'platform_secrets:' || name, value from platform_secrets where length(value) = ${WRAPPED_LENGTH} and substring(value from 1 for ${WRAPPED_PREFIX.length}) = ${WRAPPED_PREFIX} limit 1)`.execute(
      db,
    );
    if (samples.rows.some((sample) => unwrapWith(key, sample.value, sample.label) === null)) return false;
    await sql`insert into platform_secrets (name, value) values (${KEY_CHECK}, ${wrapWith(key, randomBytes(32), secretLabel(KEY_CHECK))}) on conflict (name) do nothing`.execute(
      db,
    );
  }
  // Read again: a process starting beside this one with another key may have written the check first.
  return unwrapWith(key, (await check())!, secretLabel(KEY_CHECK)) !== null;
}

/** Wraps every key kept in clear, a batch at a time; a row erased or wrapped meanwhile is left as it is. */
async function wrapClearKeys(db: QueryExecutorProvider, key: Buffer): Promise<number> {
  let wrapped = 0;
  for (const table of [
    { name: 'subject_keys', id: 'subject_id', value: 'key', label: subjectLabel },
    { name: 'platform_secrets', id: 'name', value: 'value', label: secretLabel },
  ] as const) {
    const [tableName, idColumn, valueColumn] = [sql.table(table.name), sql.ref(table.id), sql.ref(table.value)];
    for (;;) {
      const clear = await sql<{ id: string; value: Buffer }>`
        select ${idColumn} as id, ${valueColumn} as value from ${tableName}
        where length(${valueColumn}) = ${CLEAR_LENGTH}
        order by ${idColumn} limit ${WRAP_BATCH}`.execute(db);
      if (clear.rows.length === 0) break;
      const updated = await sql`
        update ${tableName} as stored set ${valueColumn} = batch.wrapped
        from unnest(${clear.rows.map((row) => row.id)}::text[], ${clear.rows.map((row) => row.value)}::bytea[], ${clear.rows.map((row) => wrapWith(key, row.value, table.label(row.id)))}::bytea[]) as batch(id, clear, wrapped)
        where stored.${idColumn} = batch.id and stored.${valueColumn} = batch.clear`.execute(db);
      wrapped += Number(updated.numAffectedRows ?? 0);
    }
  }
  return wrapped;
}

function vaultKey(): Buffer {
  if (!keyEncryptionKey) throw new Error('the personal data vault is not open: openVault gives this process its key (openServiceRuntime does it at start)');
  return keyEncryptionKey;
}

function wrapWith(key: Buffer, plain: Buffer, label: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The label binds a wrapped key to its row: moved to another subject, it no longer opens.
  cipher.setAAD(Buffer.from(label, 'utf8'));
  return Buffer.concat([WRAPPED_PREFIX, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The key inside a wrapped value (a clear one as it is); null when `key` is not the one it was wrapped with. */
function unwrapWith(key: Buffer, stored: Buffer, label: string): Buffer | null {
  if (!isWrappedKey(stored)) return stored;
  const iv = stored.subarray(WRAPPED_PREFIX.length, WRAPPED_PREFIX.length + 12);
  const tag = stored.subarray(stored.length - 16);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(stored.subarray(WRAPPED_PREFIX.length + 12, stored.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

/** A stored key opened with this process's key; a key that does not open is an error, never a reason to make another. */
function unwrap(stored: Buffer, label: string): Buffer {
  const key = unwrapWith(vaultKey(), stored, label);
  if (!key) throw new Error(`a vault key (${label.split(':')[0]}) does not open with this process's vault key`);
  return key;
}

/** Whether a stored value was sealed by the vault (events written before sealing hold clear values). */
export const isSealed = (value: string) => value.startsWith(`${FORMAT}.`) && value.split('.').length === 4;

/**
 * The per-subject encryption helper (ARCHITECTURE.md, "Personal data"): personal data enters
 * events only sealed with its subject's own AES-256-GCM key, kept outside the event store.
 * Several values of one subject are sealed or opened with one key lookup.
 */
export class PersonalDataVault {
  // Raw SQL only: any Kysely (a transaction too) runs it, whatever tables it types.
  constructor(private readonly db: QueryExecutorProvider) {}

  async seal(subjectId: string, plaintext: string): Promise<string> {
    const [sealed] = await this.sealAll(subjectId, [plaintext]);
    return sealed;
  }

  /** Seals each value (nulls stay null), making the subject's key on first use. */
  async sealAll<const Values extends ReadonlyArray<string | null>>(
    subjectId: string,
    values: Values,
  ): Promise<{ [Index in keyof Values]: Values[Index] extends string ? string : string | null }> {
    const key = (await this.keyFor(subjectId, true))!;
    return values.map((value) => (value === null ? null : encrypt(key, value))) as {
      [Index in keyof Values]: Values[Index] extends string ? string : string | null;
    };
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
      const rows = await sql<{ subject_id: string; key: Buffer }>`select subject_id, key from subject_keys where subject_id = any(${subjects})`.execute(
        this.db,
      );
      for (const row of rows.rows) keys.set(row.subject_id, unwrap(row.key, subjectLabel(row.subject_id)));
    }
    return items.map(({ subjectId, sealed }) => {
      const key = isSealed(sealed) ? keys.get(subjectId) : undefined;
      return key ? decrypt(key, sealed) : null;
    });
  }

  /**
   * Seals bytes (a document image) with the subject's own key, like `seal` does text: the
   * format byte, IV, ciphertext and tag. Erasing the key shreds them with everything else.
   */
  async sealBytes(subjectId: string, plain: Uint8Array): Promise<Buffer> {
    const key = (await this.keyFor(subjectId, true))!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    return Buffer.concat([BYTES_FORMAT, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  /** The bytes `sealBytes` sealed, or null once the subject's key is erased (or they were not sealed with it). */
  async openBytes(subjectId: string, sealed: Uint8Array): Promise<Buffer | null> {
    const value = Buffer.from(sealed);
    if (value.length < BYTES_FORMAT.length + 12 + 16 || !value.subarray(0, BYTES_FORMAT.length).equals(BYTES_FORMAT)) return null;
    const key = await this.keyFor(subjectId, false);
    if (!key) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, value.subarray(BYTES_FORMAT.length, BYTES_FORMAT.length + 12));
      decipher.setAuthTag(value.subarray(value.length - 16));
      return Buffer.concat([decipher.update(value.subarray(BYTES_FORMAT.length + 12, value.length - 16)), decipher.final()]);
    } catch {
      return null;
    }
  }

  /** Erasure: without the key, nothing sealed for this subject can be read again. */
  async erase(subjectId: string): Promise<void> {
    await sql`delete from subject_keys where subject_id = ${subjectId}`.execute(this.db);
  }

  private async keyFor(subjectId: string, create: boolean): Promise<Buffer | null> {
    if (create) {
      // One round trip: the new key, or the one that exists already.
      const made = await sql<{ key: Buffer }>`
        with created as (insert into subject_keys (subject_id, key) values (${subjectId}, ${wrapWith(vaultKey(), randomBytes(32), subjectLabel(subjectId))}) on conflict (subject_id) do nothing returning key)
        select key from created union all select key from subject_keys where subject_id = ${subjectId} limit 1`.execute(this.db);
      // A key made by a concurrent transaction is not in this statement's snapshot: read it again.
      if (made.rows[0]) return unwrap(made.rows[0].key, subjectLabel(subjectId));
    }
    const row = (await sql<{ key: Buffer }>`select key from subject_keys where subject_id = ${subjectId}`.execute(this.db)).rows[0];
    return row ? unwrap(row.key, subjectLabel(subjectId)) : null;
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

/** A 32-byte platform secret made once and kept in the database, wrapped (the Merkle log's signing seed). */
export async function platformSecret(db: QueryExecutorProvider, name: string): Promise<Buffer> {
  // One read once the secret exists (the projector asks on every batch); made only when missing.
  const stored = async () => (await sql<{ value: Buffer }>`select value from platform_secrets where name = ${name}`.execute(db)).rows[0]?.value;
  let wrapped = await stored();
  if (!wrapped) {
    await sql`insert into platform_secrets (name, value) values (${name}, ${wrapWith(vaultKey(), randomBytes(32), secretLabel(name))}) on conflict (name) do nothing`.execute(
      db,
    );
    wrapped = (await stored())!;
  }
  return unwrap(wrapped, secretLabel(name));
}

/**
 * A keyed hash (HMAC-SHA256) for looking personal identifiers up without storing them: a
 * national id is unique per country, yet the stream that says so is named by this hash only.
 * The key comes from the configuration, else it is made once and kept in the database, wrapped.
 */
export async function createKeyedHasher(db: QueryExecutorProvider, name: string, configured?: string): Promise<(value: string) => string> {
  let key: Buffer;
  if (configured) {
    key = Buffer.from(configured, 'utf8');
  } else {
    key = await platformSecret(db, name);
  }
  return keyedHasher(key);
}

/** HMAC-SHA256 under `key`, hex. */
export const keyedHasher =
  (key: Buffer) =>
  (value: string): string =>
    createHmac('sha256', key).update(value).digest('hex');
