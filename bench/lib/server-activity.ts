import type pg from 'pg';
import { disturbed } from './cpu';

export interface ServerActivity {
  /** Transactions committed or rolled back in the server's other databases meanwhile. */
  transactions: number;
  created: number;
  dropped: number;
}

/** Above this many transactions per second in other databases a measurement is marked disturbed. */
const DISTURBING_TRANSACTIONS_PER_SECOND = 20;

async function snapshot(pool: pg.Pool, ours: readonly string[]) {
  const stats = await pool.query<{ oid: number; transactions: string | null }>(
    `select d.oid, s.xact_commit + s.xact_rollback as transactions
     from pg_database d left join pg_stat_database s on s.datid = d.oid
     where d.datname <> current_database() and not d.datname = any($1::text[])`,
    [ours],
  );
  return new Map(stats.rows.map((row) => [row.oid, Number(row.transactions ?? 0)]));
}

/**
 * What the server's other databases did while `work` ran. Commits there share the WAL and its
 * fsyncs with ours, and a CREATE DATABASE (test suites make one per file) writes and syncs a
 * whole database copy at once, which can hold our commits up: the CPU attribution shows neither. The counts come from the statistics
 * system, which backends update about once a second: an estimate.
 */
export async function withServerActivity<T>(pool: pg.Pool, ours: readonly string[], work: () => Promise<T>): Promise<{ result: T; activity: ServerActivity }> {
  const before = await snapshot(pool, ours);
  const result = await work();
  const after = await snapshot(pool, ours);
  let transactions = 0;
  for (const [oid, count] of after) transactions += Math.max(0, count - (before.get(oid) ?? 0));
  const created = [...after.keys()].filter((oid) => !before.has(oid)).length;
  const dropped = [...before.keys()].filter((oid) => !after.has(oid)).length;
  return { result, activity: { transactions, created, dropped } };
}

/** A progress note on the other databases' activity; records the measurement when it was busy. */
export function activityNote(activity: ServerActivity, seconds: number, what: string): string {
  const busy = activity.created + activity.dropped > 0 || activity.transactions / seconds > DISTURBING_TRANSACTIONS_PER_SECOND;
  if (busy) disturbed.push({ what, otherDatabases: activity });
  const counts = `[other databases on the server: ${activity.transactions} transactions, ${activity.created} created, ${activity.dropped} dropped]`;
  return busy ? `${counts} DISTURBED by other databases' commits on the server` : counts;
}
