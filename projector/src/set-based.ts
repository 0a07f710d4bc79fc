import { PostgresEventStore, START_POSITION, positionAsRow, positionOfRow, type Position } from '@civitas/events';
import { sql } from 'kysely';
import { describeFailure } from './projection-failure';
import type { Projection, SetBasedRebuild } from './projection';
import { ProjectionRunner, type RunnerOptions } from './runner';
import { silentLog } from './lib/logger';

/**
 * `eventTime`: the command's time, else when the event was stored, as Node sees it: node-postgres
 * keeps whole milliseconds of the microseconds, by truncating 1000 × the fraction as a double.
 */
const EVENT_TIME_SQL = sql`coalesce((e.metadata->>'time')::timestamptz, date_trunc('second', e.recorded_at)
  + make_interval(secs => trunc(1000 * ((extract(microseconds from e.recorded_at)::bigint % 1000000)::float8 / 1000000)) / 1000))`;

/**
 * Events per statement. A write transaction holds back every reader of the store until it ends
 * (the snapshot rule: readers see only transactions older than every running one), so the live
 * projector and read-your-writes would wait for one statement over the whole history; slices of
 * this size commit within tens of milliseconds each.
 */
const SLICE_EVENTS = 10_000;

/** The subquery a statement reads: the covered events in (from, to], in order. */
const coveredEvents = (rebuild: SetBasedRebuild, from: Position, to: Position) => sql`(
  select e.*, ${positionOfRow('e')} as position, ${EVENT_TIME_SQL} as occurred_at from events e
  where e.type = any(${rebuild.types}::text[])
    and (e.transaction_id, e.global_position) > ${positionAsRow(from)} and (e.transaction_id, e.global_position) <= ${positionAsRow(to)}
  order by e.transaction_id, e.global_position)`;

/** What a rebuild's statements may cover: every event up to `through`, and the covered types stored there. */
export interface CoveredHistory {
  through: Position;
  /** Per covered type present up to `through`: whether an event of it is stored at an older schema version. */
  stored: Map<string, { older: boolean }>;
}

/**
 * One pass over the log for every statement of a rebuild: where they stop (the newest event every
 * reader can see) and which covered types occur before it. The statement reads the stored data as
 * it is, so a type with an event at an older schema version (it needs its upcaster, in Node) sends
 * its projection down the per-event path. Null when no statement can run: nothing declares one, or
 * the store is not the PostgreSQL one (the statements read `events` beside the read models).
 */
export async function surveyCoveredHistory(
  options: Pick<RunnerOptions, 'db' | 'registry' | 'store'>,
  projections: readonly Projection[],
): Promise<CoveredHistory | null> {
  const types = [...new Set(projections.flatMap((projection) => projection.setBasedRebuild?.types ?? []))];
  if (types.length === 0 || !(options.store instanceof PostgresEventStore)) return null;
  // The newest event every reader can see (the store's snapshot rule): what the statements may cover.
  const through = await options.store.headPosition();
  const versions = types.map((type) => (options.registry.has(type) ? options.registry.versionOf(type) : 1));
  const result = await sql<{ type: string; older: boolean }>`
    select e.type, bool_or(coalesce((e.metadata->>'schemaVersion')::int, 1) <> v.version) as older
    from events e join unnest(${types}::text[], ${versions}::int[]) as v(type, version) on e.type = v.type
    where (e.transaction_id, e.global_position) <= ${positionAsRow(through)}
    group by e.type`.execute(options.db);
  return { through, stored: new Map(result.rows.map((row) => [row.type, { older: row.older }])) };
}

/**
 * Rebuilds one projection's share of history in PostgreSQL, into `schema` (fresh, its checkpoint at
 * zero): the declared statement over the covered events up to `history.through`, slice by slice,
 * then, in order, the events it still folds up to the same position; its checkpoint then stands
 * there, so the runner's catch-up only has the tail to apply. False when the projection must take
 * the per-event path (no declaration or no survey, an event stored at an older schema version, or a
 * statement PostgreSQL refused, e.g. a value the per-event path would park).
 */
export async function rebuildSetBased(
  options: Omit<RunnerOptions, 'schema' | 'projections'>,
  schema: string,
  projection: Projection,
  history: CoveredHistory | null,
): Promise<boolean> {
  const rebuild = projection.setBasedRebuild;
  const log = options.log ?? silentLog;
  const { store } = options;
  if (!rebuild || !history || !(store instanceof PostgresEventStore)) return false;
  if (rebuild.types.some((type) => history.stored.get(type)?.older)) {
    log.info({ projection: projection.name }, 'events stored at an older schema version: rebuilding event by event');
    return false;
  }
  const { through } = history;
  // A projection none of whose events occur has no statement to run (its folded types may still).
  const present = rebuild.types.some((type) => history.stored.has(type));
  try {
    for (let from = START_POSITION; present && from < through;) {
      const to = await store.positionAfter(from, SLICE_EVENTS, through);
      await options.db.transaction().execute(async (trx) => {
        // As the runner's batches: a crash loses the whole scratch schema, which the next rebuild drops.
        await sql`set local synchronous_commit = off`.execute(trx);
        await rebuild.insert(schema, coveredEvents(rebuild, from, to)).execute(trx);
      });
      from = to;
    }
  } catch (error) {
    // The slices before it committed: empty the tables again for the per-event path.
    log.warn({ projection: projection.name, code: describeFailure(error).code }, 'set-based rebuild refused: rebuilding event by event');
    const tables = await sql<{ tables: string[] }>`select tables from ${sql.id(schema, 'projection_checkpoints')} where name = ${projection.name}`.execute(
      options.db,
    );
    const names = tables.rows[0]?.tables ?? [];
    if (names.length > 0) await sql`truncate ${sql.join(names.map((table) => sql.id(schema, table)))}`.execute(options.db);
    return false;
  }
  if (rebuild.foldedTypes.length > 0) {
    const runner = new ProjectionRunner({ ...options, projections: [projection], schema });
    await runner.loadCheckpoints();
    await runner.catchUp(options.db, { types: rebuild.foldedTypes, until: through });
  }
  await sql`update ${sql.id(schema, 'projection_checkpoints')} set position = ${through} where name = ${projection.name}`.execute(options.db);
  return true;
}
