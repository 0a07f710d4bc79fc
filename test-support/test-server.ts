import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { createLogger } from '@civitas/service-kit';
import { startPlatform, type Platform } from '../scripts/platform';
import { createTestDatabase, type TestDatabase } from './test-database';
import { queryDatabase, testConfig, type ServerUnderTest } from './test-config';

export interface TestServer extends ServerUnderTest {
  platform: Platform;
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
  // A copy of the run's migrated template unless the test brings a database (a fresh start, a restart).
  const database = options.database ?? (await createTestDatabase({ migrated: true }));
  // A folder of its own: with no SMTP configured, mails are written to DATA_DIR/mail.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'civitas-test-'));
  const config = testConfig(database.url, dataDir, options.env);
  const platform = await startPlatform(config, createLogger(config.LOG_LEVEL, options.logStream), {
    webRoot: options.webRoot,
    now: options.now,
    logStream: options.logStream,
  });
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
