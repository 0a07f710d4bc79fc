import { randomBytes } from 'node:crypto';
import { START_POSITION } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { PARKED_EVENTS_TABLE, READ_SCHEMA, countParkedEvents, publishChangeNotice, schemaExists } from '@civitas/service-kit/read-models';
import type { Projection } from './projection';
import { ProjectionRunner, type RunnerOptions } from './runner';
import { createReadSchema, planRebuild } from './read-schema';
import { rebuildSetBased, surveyCoveredHistory } from './set-based';

const scratchName = (prefix: string) => `${READ_SCHEMA}_${prefix}_${randomBytes(4).toString('hex')}`;

export interface FreshReadModels {
  schema: string;
  runner: ProjectionRunner;
  /** Events read and applied through Node (set-based projections read only what followed their statement). */
  events: number;
  /** Projections whose history PostgreSQL projected in one statement. */
  setBased: string[];
}

/** Projects every event from zero into a fresh schema, for `only` these projections (all by default); returns its name. */
export async function buildFreshReadModels(
  options: Omit<RunnerOptions, 'schema'>,
  only: readonly string[] = options.projections.map((projection) => projection.name),
): Promise<FreshReadModels> {
  const projections = options.projections.filter((projection) => only.includes(projection.name));
  const schema = scratchName('next');
  await createReadSchema(options.db, schema, projections);
  const declared = projections.filter((projection) => projection.setBasedRebuild);
  const perEvent = projections.filter((projection) => !projection.setBasedRebuild);
  // PostgreSQL runs the statements while Node folds the other projections: on two cores they overlap.
  const [statements, folded] = await Promise.all([
    (async () => {
      const history = await surveyCoveredHistory(options, declared);
      const done: string[] = [];
      for (const projection of declared) if (await rebuildSetBased(options, schema, projection, history)) done.push(projection.name);
      return done;
    })(),
    (async () => {
      if (perEvent.length === 0 || declared.length === 0) return 0;
      const runner = new ProjectionRunner({ ...options, projections: perEvent, schema });
      await runner.loadCheckpoints();
      return runner.catchUp();
    })(),
  ]);
  // Then every projection together: the tails, and any whose statement was refused, from zero.
  const runner = new ProjectionRunner({ ...options, projections, schema });
  await runner.loadCheckpoints();
  const events = folded + (await runner.catchUp());
  return { schema, runner, events, setBased: statements };
}

export interface RebuildResult {
  events: number;
  /** Events the rebuilt projections parked. */
  parked: number;
  rebuilt: string[];
  setBased: string[];
}

/** Of `names`, those no projection is called. */
export const unknownProjections = (projections: readonly Projection[], names: readonly string[]) =>
  names.filter((name) => !projections.some((projection) => projection.name === name));

/**
 * Rebuilds read models from position zero while the live ones keep serving, then swaps them in
 * within one transaction (the live projector's next compare-and-set fails and it resumes from the
 * rebuilt checkpoints). With `only` (projection names) just those are rebuilt, and projections no
 * longer defined are dropped: their tables are replaced, while every other projection keeps its
 * rows, checkpoint and parked events. Without `only`, or when the live read models predate
 * per-projection versions, the whole schema is rebuilt and renamed in. Parked events are
 * re-derived with the rest: `parked` is how many the rebuild parked.
 */
export async function rebuildReadModels(options: Omit<RunnerOptions, 'schema'>, only?: readonly string[]): Promise<RebuildResult> {
  const unknown = unknownProjections(options.projections, only ?? []);
  if (unknown.length > 0) throw new Error(`no projection named ${unknown.join(', ')}`);
  await dropAbandonedSchemas(options.db);
  const plan = await planRebuild(options.db, options.projections);
  const whole = only === undefined || plan.kind === 'all';
  const fresh = await buildFreshReadModels(options, whole ? undefined : only);
  const removed = plan.kind === 'some' ? plan.removed : [];
  const retired = scratchName('old');
  let total = fresh.events;
  let parked = 0;
  await options.db.transaction().execute(async (trx) => {
    const liveExists = await schemaExists(trx, READ_SCHEMA);
    if (liveExists) await sql`lock table ${sql.id(READ_SCHEMA, 'projection_checkpoints')} in access exclusive mode`.execute(trx);
    total += await fresh.runner.catchUp(trx);
    parked = [...(await countParkedEvents(trx, fresh.schema)).values()].reduce((sum, count) => sum + count, 0);
    if (whole) {
      if (liveExists) await sql`alter schema ${sql.id(READ_SCHEMA)} rename to ${sql.id(retired)}`.execute(trx);
      await sql`alter schema ${sql.id(fresh.schema)} rename to ${sql.id(READ_SCHEMA)}`.execute(trx);
    } else {
      await swapProjections(trx, fresh.schema, retired, [...fresh.runner.positions.keys(), ...removed]);
    }
    const position = [...fresh.runner.positions.values()].sort()[0] ?? START_POSITION;
    await publishChangeNotice(trx, position, [...fresh.runner.positions.keys()], null, true);
  });
  await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(options.db);
  await sql`drop schema if exists ${sql.id(fresh.schema)} cascade`.execute(options.db);
  return { events: total, parked, rebuilt: [...fresh.runner.positions.keys()], setBased: fresh.setBased };
}

/**
 * Moves the rebuilt projections' tables, checkpoints and parked events from `fresh` into the live
 * schema, and the tables they replace (those the live checkpoint rows of `replaced` list, and any of
 * the same name) out to `retired`. Nothing of any other projection is touched.
 */
async function swapProjections(trx: QueryExecutorProvider, fresh: string, retired: string, replaced: readonly string[]): Promise<void> {
  const live = READ_SCHEMA;
  const tablesOf = async (schema: string, names: readonly string[]) => {
    const result = await sql<{ tables: string[] }>`select tables from ${sql.id(schema, 'projection_checkpoints')} where name = any(${names}::text[])`.execute(
      trx,
    );
    return result.rows.flatMap((row) => row.tables);
  };
  const incoming = await tablesOf(fresh, replaced);
  await sql`create schema ${sql.id(retired)}`.execute(trx);
  for (const table of new Set([...(await tablesOf(live, replaced)), ...incoming])) {
    await sql`alter table if exists ${sql.id(live, table)} set schema ${sql.id(retired)}`.execute(trx);
  }
  for (const table of incoming) await sql`alter table ${sql.id(fresh, table)} set schema ${sql.id(live)}`.execute(trx);
  await sql`delete from ${sql.id(live, 'projection_checkpoints')} where name = any(${replaced}::text[])`.execute(trx);
  await sql`insert into ${sql.id(live, 'projection_checkpoints')} select * from ${sql.id(fresh, 'projection_checkpoints')}`.execute(trx);
  await sql`delete from ${sql.id(live, PARKED_EVENTS_TABLE)} where projection = any(${replaced}::text[])`.execute(trx);
  await sql`insert into ${sql.id(live, PARKED_EVENTS_TABLE)} select * from ${sql.id(fresh, PARKED_EVENTS_TABLE)}`.execute(trx);
}

/** Schemas left by a rebuild that crashed or was stopped half-way. */
export async function dropAbandonedSchemas(db: QueryExecutorProvider): Promise<void> {
  const leftovers = await sql<{ nspname: string }>`
    select nspname from pg_namespace where nspname like ${`${READ_SCHEMA}\\_next\\_%`} or nspname like ${`${READ_SCHEMA}\\_old\\_%`}`.execute(db);
  for (const { nspname } of leftovers.rows) await sql`drop schema ${sql.id(nspname)} cascade`.execute(db);
}
