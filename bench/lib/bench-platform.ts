import { randomBytes } from 'node:crypto';
import { createLogger, loadConfig, type Config } from '@civitas/service-kit';
import pg from 'pg';
import { startPlatform, type Platform, type PlatformOptions } from '../../scripts/platform';
import type { BenchDatabase } from './database';

export interface BenchPlatform {
  database: BenchDatabase;
  config: Config;
  platform: Platform;
  /** A small pool of the bench's own (CPU attribution, server activity, checkpoints). */
  pool: pg.Pool;
  /** Stops the platform and drops its database. */
  close(): Promise<void>;
}

/**
 * The platform as `npm start` runs it, on a fresh sibling database `<bench database>_<suffix>`, so
 * other figures' generated events are not in its way. Sign-in limits are lifted (the benches
 * register their members a few at a time); every other limit stays as members meet it. `options`
 * as startPlatform takes them (the Lighthouse bench serves a web build of its own).
 */
export async function startBenchPlatform(parent: BenchDatabase, suffix: string, poolSize = 2, options: PlatformOptions = {}): Promise<BenchPlatform> {
  const database = await parent.sibling(suffix);
  const config = benchPlatformConfig(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize, application_name: 'civitas-bench' });
  // end() does not wait for the server to see the clients go: the forced drop may cut one first.
  pool.on('error', () => undefined);
  let platform: Platform | null = null;
  const close = async () => {
    await platform?.close();
    await pool.end();
    await database.drop();
  };
  try {
    platform = await startPlatform(config, createLogger('silent'), options);
    await platform.ready;
  } catch (error) {
    await close();
    throw error;
  }
  return { database, config, platform, pool, close };
}

/**
 * The platform's settings on a bench database: sign-in limits lifted, the payment sandbox on, a
 * vault key of the run's own (a second start on the same database must reuse the same config).
 */
export function benchPlatformConfig(databaseUrl: string): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_FACTOR: '100000',
    PAYMENT_SANDBOX: 'on',
    VAULT_KEY: randomBytes(32).toString('hex'),
  });
}
