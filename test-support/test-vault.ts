import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createKysely, migrateToLatest } from '@civitas/service-kit/database';
import { platformMigrations, type PlatformDatabase } from '@civitas/service-kit';
import { PersonalDataVault, openVault } from '@civitas/service-kit/personal-data';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface VaultFixture {
  database: TestDatabase;
  db: Kysely<PlatformDatabase>;
  vault: PersonalDataVault;
  close(): Promise<void>;
}

/** A database of its own with every platform table and an open vault (a key of its own): for what seals personal data. */
export async function createVaultDatabase(): Promise<VaultFixture> {
  const database = await createTestDatabase();
  const db = createKysely(database.url);
  await migrateToLatest(db, platformMigrations);
  await openVault(db, { key: randomBytes(32), source: 'the test key' });
  return {
    database,
    db,
    vault: new PersonalDataVault(db),
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
