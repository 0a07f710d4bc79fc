import { loadConfig } from '@civitas/service-kit/config';
import pg from 'pg';
import { TEST_VAULT_KEY } from './test-vault-key';

/** What a test reaches of a server it started (test-server.ts) or built (command-app.ts). */
export interface ServerUnderTest {
  /** Where its TestClients send (its PUBLIC_BASE_URL: the links it mails name it). */
  baseUrl: string;
  /** DATA_DIR of this server (mails land in its mail/ folder when no SMTP is configured). */
  dataDir: string;
  databaseUrl: string;
  /** Runs one statement on the server's database (tests look at the events themselves). */
  query<Row extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<Row[]>;
}

/** The settings every test process starts with (test-server.ts, command-app.ts), on its own database and DATA_DIR; `env` wins. */
export function testConfig(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  // The sandbox payment provider is off by default; tests pay with it, so it is turned on here (a test may set 'off').
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_FACTOR: '100',
    PAYMENT_SANDBOX: 'on',
    VAULT_KEY: TEST_VAULT_KEY,
    DATA_DIR: dataDir,
    ...env,
  });
}

/** Runs one statement on a test database (tests look at the events themselves). */
export async function queryDatabase<Row extends pg.QueryResultRow>(databaseUrl: string, text: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
