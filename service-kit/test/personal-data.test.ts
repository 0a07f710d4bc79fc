import { createCipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { loadConfig } from '../src/config';
import { createKysely, migrateToLatest } from '../src/database';
import { createLogger } from '../src/logger';
import { platformMigrations } from '../src/migrations';
import { PersonalDataVault, createKeyedHasher, isSealed, isWrappedKey, openVault } from '../src/personal-data';
import { openServiceRuntime } from '../src/service-runtime';
import { loadVaultKey, vaultKeyFile } from '../src/vault-key';

const vaultKey = (key = randomBytes(32)) => ({ key, source: 'the test key' });

/** What a value sealed before keys were wrapped looks like: the vault's v1 format under a clear key. */
function sealedWithClearKey(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

describe('the personal data vault', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createKysely>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url);
    await migrateToLatest(db, platformMigrations);
    await openVault(db, vaultKey());
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('seals with the subject\u2019s own key, reveals sealed and older clear values, and erases for good', async () => {
    const vault = new PersonalDataVault(db);
    const subject = randomUUID();
    const [email, name, none] = await vault.sealAll(subject, ['ada@example.org', 'Ada', null]);
    expect(isSealed(email) && isSealed(name!)).toBe(true);
    expect(email).not.toContain('ada');
    expect(none).toBeNull();
    // Sealing twice gives different texts (fresh IVs) that open to the same value.
    expect(await vault.seal(subject, 'Ada')).not.toBe(name);
    expect(await vault.revealAll(subject, [email, name, 'written before sealing', null])).toEqual(['ada@example.org', 'Ada', 'written before sealing', null]);
    expect(await vault.open(randomUUID(), email)).toBeNull();
    await vault.erase(subject);
    expect(await vault.revealAll(subject, [email, name])).toEqual([null, null]);
  });

  it('gives concurrent first seals of one subject one key', async () => {
    const vault = new PersonalDataVault(db);
    const subject = randomUUID();
    const sealed = await Promise.all(Array.from({ length: 10 }, (_, index) => vault.seal(subject, `value ${index}`)));
    expect(await vault.revealAll(subject, sealed)).toEqual(sealed.map((_, index) => `value ${index}`));
  });

  it('opens one value of each of many subjects at once, null for an erased subject or a clear value', async () => {
    const vault = new PersonalDataVault(db);
    const [first, second, erased] = [randomUUID(), randomUUID(), randomUUID()];
    const items = [
      { subjectId: first, sealed: await vault.seal(first, 'first token') },
      { subjectId: second, sealed: await vault.seal(second, 'second token') },
      { subjectId: erased, sealed: await vault.seal(erased, 'gone') },
      { subjectId: first, sealed: 'not sealed' },
    ];
    await vault.erase(erased);
    expect(await vault.openEach(items)).toEqual(['first token', 'second token', null, null]);
    expect(await vault.openEach([])).toEqual([]);
  });

  it('keeps subject keys and platform secrets wrapped in the database, each bound to its row', async () => {
    const vault = new PersonalDataVault(db);
    const [ada, grace] = [randomUUID(), randomUUID()];
    const sealed = await vault.seal(ada, 'ada@example.org');
    await vault.seal(grace, 'grace@example.org');
    const hash = await createKeyedHasher(db, 'wrapped-test-key');
    const keys = await sql<{ subject_id: string; key: Buffer }>`select subject_id, key from subject_keys where subject_id in (${ada}, ${grace})`.execute(db);
    const secret = (await sql<{ value: Buffer }>`select value from platform_secrets where name = 'wrapped-test-key'`.execute(db)).rows[0]!.value;
    expect([...keys.rows.map((row) => row.key), secret].every(isWrappedKey)).toBe(true);
    // The stored bytes are not the hashing key.
    expect(hash('x')).not.toBe(createHmac('sha256', secret).update('x').digest('hex'));
    // Ada's wrapped key moved onto Grace's row opens nothing: it is refused, not used.
    const adaKey = keys.rows.find((row) => row.subject_id === ada)!.key;
    await sql`update subject_keys set key = ${adaKey} where subject_id = ${grace}`.execute(db);
    await expect(vault.reveal(grace, sealed)).rejects.toThrow(/does not open/);
  });
});

describe('the vault key', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createKysely>;
  const key = vaultKey();
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url);
    await migrateToLatest(db, platformMigrations);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('wraps keys kept in clear at start, once, and what they sealed still opens', async () => {
    const subject = randomUUID();
    const subjectKey = randomBytes(32);
    const reservationKey = randomBytes(32);
    // A database from before wrapping: keys in clear and no key check.
    await sql`insert into subject_keys (subject_id, key) values (${subject}, ${subjectKey})`.execute(db);
    await sql`insert into platform_secrets (name, value) values ('reservation-key', ${reservationKey})`.execute(db);
    const sealed = sealedWithClearKey(subjectKey, 'ada@example.org');

    await openVault(db, key);
    const stored = await sql<{ key: Buffer }>`select key from subject_keys where subject_id = ${subject}`.execute(db);
    const secrets = await sql<{ name: string; value: Buffer }>`select name, value from platform_secrets order by name`.execute(db);
    expect(isWrappedKey(stored.rows[0]!.key)).toBe(true);
    expect(secrets.rows.map((row) => row.name)).toEqual(['reservation-key', 'vault-key-check']);
    expect(secrets.rows.every((row) => isWrappedKey(row.value))).toBe(true);
    expect(await new PersonalDataVault(db).reveal(subject, sealed)).toBe('ada@example.org');
    expect((await createKeyedHasher(db, 'reservation-key'))('ada@example.org')).toBe(
      createHmac('sha256', reservationKey).update('ada@example.org').digest('hex'),
    );

    // Idempotent: a second start wraps nothing again.
    await openVault(db, key);
    const after = await sql<{ key: Buffer }>`select key from subject_keys where subject_id = ${subject}`.execute(db);
    expect(after.rows[0]!.key.equals(stored.rows[0]!.key)).toBe(true);

    // A clear key written meanwhile (by a process of the earlier version) still works, and is wrapped at the next start.
    const late = randomUUID();
    const lateKey = randomBytes(32);
    await sql`insert into subject_keys (subject_id, key) values (${late}, ${lateKey})`.execute(db);
    expect(await new PersonalDataVault(db).reveal(late, sealedWithClearKey(lateKey, 'late'))).toBe('late');
    await openVault(db, key);
    expect(isWrappedKey((await sql<{ key: Buffer }>`select key from subject_keys where subject_id = ${late}`.execute(db)).rows[0]!.key)).toBe(true);
  });

  it('refuses a key that is not the database\u2019s, even with its check row gone, and makes no key under it', async () => {
    await openVault(db, key);
    await new PersonalDataVault(db).seal(randomUUID(), 'sealed under the right key');
    const count = async () => Number((await sql<{ count: string }>`select count(*) from subject_keys`.execute(db)).rows[0]!.count);
    const before = await count();

    const wrong = vaultKey();
    await expect(openVault(db, wrong)).rejects.toThrow("the vault key from the test key is not the key this database's vault was made with");
    await sql`delete from platform_secrets where name = 'vault-key-check'`.execute(db);
    await expect(openVault(db, wrong)).rejects.toThrow(/is not the key this database's vault was made with/);
    expect(await count()).toBe(before);
    // The right key still opens it, and writes the check again.
    await openVault(db, key);
    expect((await sql`select 1 from platform_secrets where name = 'vault-key-check'`.execute(db)).rows).toHaveLength(1);
  });

  it('comes from VAULT_KEY (hex or base64), else from a 0600 file in DATA_DIR made with the embedded database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civitas-vault-key-'));
    try {
      const key = randomBytes(32);
      expect(loadVaultKey(loadConfig({ VAULT_KEY: key.toString('hex'), DATA_DIR: dataDir })).key.equals(key)).toBe(true);
      expect(loadVaultKey(loadConfig({ VAULT_KEY: key.toString('base64'), DATA_DIR: dataDir })).key.equals(key)).toBe(true);
      expect(loadVaultKey(loadConfig({ VAULT_KEY: key.toString('base64url'), DATA_DIR: dataDir })).key.equals(key)).toBe(true);
      expect(() => loadConfig({ VAULT_KEY: 'too short' })).toThrow('VAULT_KEY must be 32 bytes: 64 hex characters or base64');

      // With DATABASE_URL several processes share the database: a key is never made silently.
      const external = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DATA_DIR: dataDir });
      expect(() => loadVaultKey(external)).toThrow(/^VAULT_KEY is not set: with DATABASE_URL every process must be given the same vault key/);

      const embedded = loadConfig({ DATA_DIR: dataDir });
      const made = loadVaultKey(embedded);
      expect(made).toMatchObject({ source: vaultKeyFile(embedded) });
      expect(statSync(vaultKeyFile(embedded)).mode & 0o777).toBe(0o600);
      expect(loadVaultKey(embedded).key.equals(made.key)).toBe(true);
      // Once there, the file serves DATABASE_URL too (an operator may place it), and VAULT_KEY wins over it.
      expect(loadVaultKey(external).key.equals(made.key)).toBe(true);
      expect(loadVaultKey(loadConfig({ VAULT_KEY: key.toString('hex'), DATA_DIR: dataDir })).key.equals(key)).toBe(true);

      writeFileSync(vaultKeyFile(embedded), 'not a key\n');
      expect(() => loadVaultKey(embedded)).toThrow(/vault\.key does not hold a vault key/);
      expect(readFileSync(vaultKeyFile(embedded), 'utf8')).toBe('not a key\n');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a process given another key refuses to start, and one given none with DATABASE_URL says so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civitas-vault-runtime-'));
    const fresh = await createTestDatabase();
    const start = (env: Record<string, string>) =>
      openServiceRuntime('civitas-vault-test', {
        migrate: true,
        config: loadConfig({ DATABASE_URL: fresh.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
        log: createLogger('silent'),
      });
    try {
      const first = await start({ VAULT_KEY: randomBytes(32).toString('hex') });
      await first.close();
      await expect(start({ VAULT_KEY: randomBytes(32).toString('hex') })).rejects.toThrow(
        "the vault key from VAULT_KEY is not the key this database's vault was made with",
      );
      await expect(start({})).rejects.toThrow(/^VAULT_KEY is not set/);
    } finally {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
