import { decodePosition, type Position } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { READ_SCHEMA, countParkedEvents, readCheckpoints, schemaExists } from './read-models';

/** Lag counts stop here: counting further would read the whole gap on a large store. */
export const LAG_COUNT_CAP = 10_000;
/** A projection with an event waiting longer than this is stuck, not busy. */
export const STALLED_AFTER_SECONDS = 60;

export interface ProjectionStatus {
  position: Position;
  /** Stored events it has not applied yet; `"10000+"` beyond the cap. */
  lag: number | `${number}+`;
  /** Age of the oldest event it has not applied yet; 0 when it is caught up. */
  lagSeconds: number;
  parked: number;
}

// Both walk the (transaction_id, global_position) index from the checkpoint, seeing only what
// readers may see (the event store's snapshot rule): one row, or at most the cap.
const oldestUnappliedAge = (position: Position) => {
  const { major, minor } = decodePosition(position);
  return sql<{ seconds: number }>`
    select extract(epoch from now() - recorded_at)::float8 as seconds from events
    where (transaction_id, global_position) > (${major.toString()}::xid8, ${minor.toString()}::bigint)
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by transaction_id, global_position limit 1`;
};
const unappliedCount = (position: Position) => {
  const { major, minor } = decodePosition(position);
  return sql<{ count: number }>`
    select count(*)::int as count from (
      select 1 from events
      where (transaction_id, global_position) > (${major.toString()}::xid8, ${minor.toString()}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, global_position limit ${LAG_COUNT_CAP + 1}) unapplied`;
};

/**
 * What /healthz adds when the read models are degraded: some projection parked events, or has
 * an event waiting longer than a minute. Null when all is well, so the common check stays two
 * cheap queries (parked counts, and one index probe per distinct checkpoint).
 */
export async function projectionHealth(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<{ projections: Record<string, ProjectionStatus> } | null> {
  if (!(await schemaExists(db, schema))) return null;
  const [checkpoints, parked] = await Promise.all([readCheckpoints(db, schema), countParkedEvents(db, schema)]);
  const positions = [...new Set(checkpoints.values())];
  const ages = new Map(
    await Promise.all(positions.map(async (position) => [position, (await oldestUnappliedAge(position).execute(db)).rows[0]?.seconds ?? 0] as const)),
  );
  const stalled = [...ages.values()].some((seconds) => seconds > STALLED_AFTER_SECONDS);
  if (!stalled && [...parked.values()].every((count) => count === 0)) return null;
  const counts = new Map(
    await Promise.all(positions.map(async (position) => [position, (await unappliedCount(position).execute(db)).rows[0]?.count ?? 0] as const)),
  );
  const projections: Record<string, ProjectionStatus> = {};
  for (const [name, position] of [...checkpoints].sort(([a], [b]) => a.localeCompare(b))) {
    const count = counts.get(position) ?? 0;
    projections[name] = {
      position,
      lag: count > LAG_COUNT_CAP ? `${LAG_COUNT_CAP}+` : count,
      lagSeconds: Math.max(0, Math.round((ages.get(position) ?? 0) * 10) / 10),
      parked: parked.get(name) ?? 0,
    };
  }
  return { projections };
}
