import os from 'node:os';
import type pg from 'pg';
import { disturbed } from './cpu';

/** The last line of the output: what the figures were measured on. */
export async function describeMachine(pool: pg.Pool, busyCoresBeforeStart: number) {
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
      /** CPU busy on the machine during one idle second before the bench began: others' load. */
      busyCoresBeforeStart: Math.round(busyCoresBeforeStart * 100) / 100,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      postgres: version.rows[0]?.version ?? 'unknown',
      /** Measurements during which other processes used more than a quarter core: read those figures with care. */
      disturbed,
      postgresSettings: Object.fromEntries(settings.rows.map((row) => [row.name, row.unit ? `${row.setting} ${row.unit}` : row.setting])),
    },
  };
}

/** Cores busy on the whole machine over `ms` while this process waits. */
export async function busyCores(ms = 1000): Promise<number> {
  const total = () => os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (total() - before) / ms;
}
