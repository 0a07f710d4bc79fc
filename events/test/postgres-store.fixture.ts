import { createKysely, migrateToLatest } from '@civitas/service-kit/database';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { PostgresEventStore } from '../src/postgres/postgres-event-store';
import { eventStoreMigrations } from '../src/postgres/event-store.migrations';

export interface StoreFixture {
  store: PostgresEventStore;
  database: TestDatabase;
  close(): Promise<void>;
}

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
