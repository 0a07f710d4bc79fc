import type { Kysely } from 'kysely';
import { loadConfig, type Config } from './config';
import type { PlatformDatabase } from './migrations';
import { DatabaseOutage, createKysely, migrateToLatest, migrationsPending, provideDatabase } from './database';
import { databaseIsUp } from './health';
import { createLogger, type Logger } from './logger';
import { platformMigrations } from './migrations';
import { openVault } from './personal-data';
import { stopOnSignals } from './shutdown';
import { loadVaultKey } from './vault-key';

export interface ServiceRuntime {
  config: Config;
  log: Logger;
  databaseUrl: string;
  db: Kysely<PlatformDatabase>;
  /** Where read models are read: a read-only pool on READ_DATABASE_URL's streaming replica, else `db` itself. */
  readDb: Kysely<PlatformDatabase>;
  /** Whether `readDb` is a replica, which replays the primary's commits some time after they happen. */
  readsReplica: boolean;
  /** Whether the database is reachable, as this process last saw: one log line per change (database-outage.ts). */
  outage: DatabaseOutage;
  health: { database: () => Promise<boolean>; migrations: () => Promise<boolean>; readDatabase?: () => Promise<boolean> };
  /** Registers something to stop; they stop last-registered first, before the database closes. */
  onStop(stop: () => Promise<unknown> | unknown): void;
  close(): Promise<void>;
  /** Closes everything on SIGINT/SIGTERM. */
  stopOnSignals(): void;
}

/** What every process starts from: configuration, logger, the vault's key, the database (embedded or DATABASE_URL), migrations. */
export async function openServiceRuntime(applicationName: string, options: { migrate: boolean; config?: Config; log?: Logger }): Promise<ServiceRuntime> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  // Before anything starts: a missing key is a setting to fix, not a database to stop again.
  const vaultKey = loadVaultKey(config);
  const database = await provideDatabase(config, log);
  const outage = new DatabaseOutage(log);
  const db = createKysely<PlatformDatabase>(database.url, { applicationName, outage });
  const readDb = config.READ_DATABASE_URL
    ? createKysely<PlatformDatabase>(config.READ_DATABASE_URL, { applicationName: `${applicationName}-reader`, readOnly: true, outage })
    : db;
  try {
    if (options.migrate) await migrateToLatest(db, platformMigrations);
    await openVault(db, vaultKey, log);
  } catch (error) {
    // A start that fails here must not leave an embedded PostgreSQL running.
    await db.destroy().catch(() => undefined);
    if (readDb !== db) await readDb.destroy().catch(() => undefined);
    await database.stop().catch(() => undefined);
    throw error;
  }
  const stops: Array<() => Promise<unknown> | unknown> = [];
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Every part stops even when one before it fails: an embedded PostgreSQL must never outlive us.
      const failures: unknown[] = [];
      const destroyReader = () => (readDb === db ? undefined : readDb.destroy());
      for (const stop of [...stops.reverse(), destroyReader, () => db.destroy(), () => database.stop()]) {
        try {
          await stop();
        } catch (error) {
          log.error({ err: error }, 'a part failed to stop');
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'unclean stop');
    })());
  return {
    config,
    log,
    databaseUrl: database.url,
    db,
    readDb,
    readsReplica: readDb !== db,
    outage,
    health: {
      database: databaseIsUp(db),
      migrations: async () => !(await migrationsPending(db, platformMigrations)),
      ...(readDb === db ? {} : { readDatabase: databaseIsUp(readDb) }),
    },
    onStop: (stop) => void stops.push(stop),
    close,
    stopOnSignals: () => stopOnSignals(close, log),
  };
}
