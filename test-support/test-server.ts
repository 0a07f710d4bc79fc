import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { createLogger, loadConfig } from '@civitas/service-kit';
import { startPlatform, type Platform } from '../scripts/platform';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_VAULT_KEY } from './test-vault-key';

export interface TestServer {
  baseUrl: string;
  /** DATA_DIR of this server (mails land in its mail/ folder when no SMTP is configured). */
  dataDir: string;
  databaseUrl: string;
  platform: Platform;
  /** Runs one statement on the server's database (tests look at the events themselves). */
  query<Row extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Stops the platform; keeps the database unless `drop` is set (for restart tests). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** A real all-in-one server on a random port, on a database of its own. */
export interface TestServerOptions {
  database?: TestDatabase;
  webRoot?: string;
  env?: Record<string, string>;
  now?: () => Date;
  /** Receives every log line (platform and requests) at the configured LOG_LEVEL. */
  logStream?: DestinationStream;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  // A folder of its own: with no SMTP configured, mails are written to DATA_DIR/mail.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'civitas-test-'));
  // The sandbox payment provider is off by default; tests pay with it, so it is turned on here (a test may set 'off').
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_FACTOR: '100', PAYMENT_SANDBOX: 'on', VAULT_KEY: TEST_VAULT_KEY, DATA_DIR: dataDir, ...options.env });
  const platform = await startPlatform(config, createLogger(config.LOG_LEVEL, options.logStream), { webRoot: options.webRoot, now: options.now, logStream: options.logStream });
  await platform.ready;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return {
    baseUrl: platform.url,
    dataDir,
    databaseUrl: database.url,
    platform,
    query: (text, values) => queryDatabase(database.url, text, values),
    stop,
    async close() {
      await stop();
      await database.drop();
    },
  };
}

async function queryDatabase<Row extends pg.QueryResultRow>(databaseUrl: string, text: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
