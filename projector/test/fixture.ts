import { randomUUID } from 'node:crypto';
import { CATALOGUE, PostgresEventStore, createEventRegistry, type CatalogueGroup, type NewEvent } from '@civitas/events';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { openTestVault } from '../../test-support/test-vault-key';

export interface ProjectorFixture {
  database: TestDatabase;
  db: Kysely<any>;
  store: PostgresEventStore;
  registry: ReturnType<typeof createEventRegistry>;
  close(): Promise<void>;
}

export async function createProjectorFixture(): Promise<ProjectorFixture> {
  const database = await createTestDatabase();
  const db = createKysely(database.url);
  await migrateToLatest(db, platformMigrations);
  // The vault's key, as every process opens it at start: merkle_log reads its blinding key through it.
  await openTestVault(db);
  const store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 100 });
  return {
    database,
    db,
    store,
    registry: createEventRegistry(),
    async close() {
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export const groupCreated = (groupId: number, overrides: Partial<CatalogueGroup> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'GroupCreated',
  data: { ...CATALOGUE[0]!, groupId, name: `Group ${groupId}`, ...overrides },
  metadata: { schemaVersion: 1, time: new Date(Date.UTC(2026, 0, 1, 0, 0, groupId % 60)).toISOString() },
});
