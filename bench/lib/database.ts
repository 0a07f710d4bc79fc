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
  /** Drops the scratch database (and stops an embedded server); safe to call twice. */
  drop(): Promise<void>;
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
  const name = `civitas_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    name,
    drop() {
      dropped ??= (async () => {
        try {
          await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
        } finally {
          await stopServer();
        }
      })();
      return dropped;
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

/** Flushes dirty buffers so one figure's checkpoint does not land in the next one's window. */
export async function quiesce(pool: pg.Pool): Promise<void> {
  await pool.query('checkpoint').catch(() => undefined); // needs superuser or pg_checkpoint; optional
}
