import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startEmbeddedPostgres } from '@civitas/service-kit/embedded-postgres';
import pg from 'pg';
import type { BenchConfig } from './config';
import { progress } from './report';

export interface BenchDatabase {
  /** Connection string of the fresh scratch database. */
  url: string;
  name: string;
  /** Drops the scratch database, its siblings (and stops an embedded server); safe to call twice. */
  drop(): Promise<void>;
  /** Another fresh database `<name>_<suffix>` on the same server, dropped with this one. */
  sibling(suffix: string): Promise<BenchDatabase>;
}

/** A fresh `civitas_bench_<random>` database on DATABASE_URL's server, else on an embedded one. */
export async function createBenchDatabase(config: BenchConfig): Promise<BenchDatabase> {
  let adminUrl = config.databaseUrl;
  let stopServer: () => Promise<void> = async () => undefined;
  if (!adminUrl) {
    const dir = path.resolve(config.dataDir, 'bench-postgres');
    progress(`starting embedded PostgreSQL in ${dir}`);
    const embedded = await startEmbeddedPostgres(dir, 'postgres');
    adminUrl = embedded.url;
    stopServer = () => embedded.stop();
  }
  return scratchDatabase(adminUrl, `civitas_bench_${randomBytes(6).toString('hex')}`, stopServer);
}

async function scratchDatabase(adminUrl: string, name: string, stopServer: () => Promise<void>): Promise<BenchDatabase> {
  await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const siblings: BenchDatabase[] = [];
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    name,
    drop() {
      dropped ??= (async () => {
        try {
          for (const sibling of siblings) await sibling.drop().catch((error) => progress(`drop of ${sibling.name} failed: ${String(error)}`));
          await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
        } finally {
          await stopServer();
        }
      })();
      return dropped;
    },
    async sibling(suffix) {
      const sibling = await scratchDatabase(adminUrl, `${name}_${suffix}`, async () => undefined);
      siblings.push(sibling);
      return sibling;
    },
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'civitas-bench-admin' });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Vacuums and analyzes tables a warm-up has just filled: autovacuum's first pass over a new table
 * would otherwise fall in a measured slice and, in the Merkle bench, halved the slice it fell in.
 */
export async function settleWarmedTables(pool: pg.Pool, tables: readonly string[]): Promise<void> {
  await pool.query(`vacuum analyze ${tables.join(', ')}`);
}

/** Flushes dirty buffers so one figure's checkpoint does not land in the next one's window. */
export async function quiesce(pool: pg.Pool): Promise<void> {
  await pool.query('checkpoint').catch(() => undefined); // needs superuser or pg_checkpoint; optional
}
