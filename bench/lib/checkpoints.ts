import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import type pg from 'pg';
import { now, sleep } from './measure';

/** Every projection's checkpoint at `position` or past it (true), or not within `timeoutMs` (false). */
export async function checkpointsReach(pool: pg.Pool, position: string, timeoutMs: number): Promise<boolean> {
  const deadline = now() + timeoutMs;
  for (;;) {
    // Positions compare as text byte by byte (fixed-width hex), whatever the database's collation.
    const { rows } = await pool.query<{ behind: number }>(
      `select count(*)::int as behind from ${READ_SCHEMA}.projection_checkpoints where position collate "C" < $1`,
      [position],
    );
    if (rows[0]!.behind === 0) return true;
    if (now() >= deadline) return false;
    await sleep(20);
  }
}
