import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { DATABASE_CONNECT_TIMEOUT_MS } from '@civitas/events';
import type { DatabaseOutage } from './database-outage';
import type { Config } from './config';
import { startEmbeddedPostgres, type RunningDatabase } from './embedded-postgres';
import type { Logger } from './logger';
import type { PlatformDatabase } from './migrations';
import { READ_SCHEMA } from './read-models';

// With the database's entry point, which the packages that only import subpaths can reach.
export * from './database-outage';

// Return bigint columns as strings rather than lossy numbers; int8 counts are cast in SQL.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/** DATABASE_URL when set, else the embedded PostgreSQL kept in DATA_DIR. */
export async function provideDatabase(config: Config, log?: Logger): Promise<RunningDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  return startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'), 'civitas', log);
}

export function createKysely<Database = PlatformDatabase>(
  connectionString: string,
  options: { max?: number; applicationName?: string; readOnly?: boolean; outage?: DatabaseOutage } = {},
) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'civitas',
    idle_in_transaction_session_timeout: 30_000,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // A reader refuses writes even where its URL names a primary: it never changes what it reads.
    ...(options.readOnly ? { options: '-c default_transaction_read_only=on' } : {}),
  });
  // An idle connection that dies (server restart) is replaced on the next query; don't crash on it.
  pool.on('error', () => undefined);
  // A connection that dies while checked out (server restart, failover) fails its query; it must not crash the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  options.outage?.watch(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The platform's pool (or a transaction of it) typed by read-schema tables: the projector's
 * (`ReadModels`, `AnyReadModels`, parked events), which service-kit does not import. The one cast
 * between the two: Kysely's database type is invariant, so no type relates the platform's tables
 * to a read schema's, though one pool serves both (docs/architecture.md, What the linter says).
 */
export const asReadModels = <ReadModels>(db: Kysely<PlatformDatabase>) => db as unknown as Kysely<ReadModels>;

/** The live read models on this pool: bound to READ_SCHEMA, typed by the caller's `ReadModels`. */
export const readModelsOn = <ReadModels>(db: Kysely<PlatformDatabase>) => asReadModels<ReadModels>(db.withSchema(READ_SCHEMA));

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

// Any database type: the migrations take Kysely<unknown> and type no table (docs/architecture.md, What the linter says).
export function createMigrator<Database>(db: Kysely<Database>, migrations: Record<string, Migration>) {
  return new Migrator({
    db,
    provider: new StaticMigrationProvider(migrations),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
}

export async function migrateToLatest<Database>(db: Kysely<Database>, migrations: Record<string, Migration>): Promise<void> {
  const { error, results } = await createMigrator(db, migrations).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? ''} failed: ${String(error)}`);
  }
}

export async function migrationsPending<Database>(db: Kysely<Database>, migrations: Record<string, Migration>): Promise<boolean> {
  const known = await createMigrator(db, migrations).getMigrations();
  return known.some((migration) => migration.executedAt === undefined);
}
