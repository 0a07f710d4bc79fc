import { PostgresEventStore, eventStoreMigrations } from '@civitas/events';
import { createKysely, migrateToLatest } from '@civitas/service-kit/database';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface StoreFixture {
  store: PostgresEventStore;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An event store on a fresh database of its own (its migrations only): for tests of the store and of what reads it. */
export async function createPostgresStore(options: { poolSize?: number } = {}): Promise<StoreFixture> {
  const database = await createTestDatabase();
  const db = createKysely(database.url);
  await migrateToLatest(db, eventStoreMigrations);
  await db.destroy();
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: options.poolSize ?? 20, pollIntervalMs: 200 });
  return {
    store,
    database,
    async close() {
      await store.close();
      await database.drop();
    },
  };
}
