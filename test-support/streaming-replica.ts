import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, reachablePostgresBinaries, runsAsRoot, systemUserIds } from '@civitas/service-kit/embedded-postgres';

const run = promisify(execFile);
const SLOT = 'civitas_replica';

/** A primary and a streaming standby of it, from the embedded PostgreSQL's own programs, trusting local connections. */
export interface StreamingPair {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Runs one statement on the replica's `postgres` database (pausing replay, asking how far it got). */
  onReplica<Row extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<Row[]>;
  onPrimary<Row extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Stops both servers and removes their folder. */
  stop(): Promise<void>;
}

/**
 * Makes the standby as pg_basebackup -R does, with the server's own low-level backup API (the
 * embedded package ships initdb, pg_ctl and postgres, not pg_basebackup): a physical slot keeps
 * the WAL from the backup on, pg_backup_start, a copy of the data folder, pg_backup_stop's
 * backup_label, then standby.signal and primary_conninfo. About a second on this machine.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = reachablePostgresBinaries();
  const owner = runsAsRoot() ? systemUserIds() : null;
  if (runsAsRoot() && !owner) throw new Error('the postgres system user is missing: start the embedded PostgreSQL once (npm start) to make it');
  // PostgreSQL refuses to run as root: as root, its programs and their files belong to its own user.
  const asPostgres = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const giveToPostgres = (file: string) => owner && chownSync(file, owner.uid, owner.gid);
  const root = mkdtempSync(path.join(os.tmpdir(), 'civitas-replica-'));
  giveToPostgres(root);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const pgCtl = (dataDir: string, ...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args], { ...asPostgres, cwd: root });
  const started: string[] = [];

  const stop = async () => {
    for (const dataDir of started.reverse()) await pgCtl(dataDir, '-m', 'immediate', 'stop').catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await run(path.join(bin, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...asPostgres, cwd: root });
    // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1 (--auth=trust).
    appendFileSync(
      primaryDir + '/postgresql.auto.conf',
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'fsync = off',
        'wal_writer_delay = 10ms',
        '',
      ].join('\n'),
    );
    await pgCtl(primaryDir, '-l', path.join(root, 'primary.log'), '-w', 'start');
    started.push(primaryDir);
    await baseBackup(url(primaryPort, 'postgres'), primaryDir, replicaDir, asPostgres);
    writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    giveToPostgres(path.join(replicaDir, 'standby.signal'));
    appendFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      [
        `port = ${replicaPort}`,
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${SLOT}'`,
        `primary_slot_name = '${SLOT}'`,
        'hot_standby_feedback = on',
        '',
      ].join('\n'),
    );
    await pgCtl(replicaDir, '-l', path.join(root, 'replica.log'), '-w', 'start');
    started.push(replicaDir);
    await untilStreaming(url(primaryPort, 'postgres'));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    onReplica: (text, values) => queryOnce(url(replicaPort, 'postgres'), text, values),
    onPrimary: (text, values) => queryOnce(url(primaryPort, 'postgres'), text, values),
    stop,
  };
}

/** The low-level base backup: the copy is consistent once replayed from the label's start to its end. */
async function baseBackup(primaryUrl: string, primaryDir: string, replicaDir: string, asPostgres: { uid?: number; gid?: number }): Promise<void> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    await client.query('select pg_create_physical_replication_slot($1, true)', [SLOT]);
    // The backup belongs to this session: start, copy and stop on one connection.
    await client.query("select pg_backup_start('civitas-replica', true)");
    await run('cp', ['-a', primaryDir, replicaDir], asPostgres);
    const { rows } = await client.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)');
    writeFileSync(path.join(replicaDir, 'backup_label'), rows[0]!.labelfile);
    if (asPostgres.uid !== undefined) chownSync(path.join(replicaDir, 'backup_label'), asPostgres.uid, asPostgres.gid!);
  } finally {
    await client.end();
  }
  // The standby streams its WAL from the slot; the primary's own files (and its pid) stay behind.
  rmSync(path.join(replicaDir, 'postmaster.pid'), { force: true });
  const wal = path.join(replicaDir, 'pg_wal');
  for (const entry of readdirSync(wal)) if (!statSync(path.join(wal, entry)).isDirectory()) rmSync(path.join(wal, entry));
}

async function untilStreaming(primaryUrl: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const rows = await queryOnce<{ state: string }>(primaryUrl, 'select state from pg_stat_replication where application_name = $1', [SLOT]);
    if (rows[0]?.state === 'streaming') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the standby did not start streaming within 10 s');
}

async function queryOnce<Row extends pg.QueryResultRow>(connectionString: string, text: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
