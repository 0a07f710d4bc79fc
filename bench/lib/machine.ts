import os from 'node:os';
import type pg from 'pg';

/** The last line of the output: what the figures were measured on. */
export async function describeMachine(pool: pg.Pool) {
  const cpus = os.cpus();
  const version = await pool.query<{ version: string }>('select version()');
  const settings = await pool.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
     where name in ('shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay', 'max_wal_size', 'autovacuum', 'jit')
     order by name`,
  );
  return {
    machine: {
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      cpus: cpus.length,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      postgres: version.rows[0]?.version ?? 'unknown',
      postgresSettings: Object.fromEntries(settings.rows.map((row) => [row.name, row.unit ? `${row.setting} ${row.unit}` : row.setting])),
    },
  };
}
