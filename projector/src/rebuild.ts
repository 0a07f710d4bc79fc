import { randomBytes } from 'node:crypto';
import { START_POSITION } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { READ_MODELS_CHANNEL, READ_SCHEMA, countParkedEvents, encodeChangeNotice, schemaExists } from '@civitas/service-kit/read-models';
import { ProjectionRunner, type RunnerOptions } from './runner';
import { createReadSchema } from './read-schema';

const scratchName = (prefix: string) => `${READ_SCHEMA}_${prefix}_${randomBytes(4).toString('hex')}`;

/** Projects every event from zero into a fresh schema; returns its name. */
export async function buildFreshReadModels(options: Omit<RunnerOptions, 'schema'>): Promise<{ schema: string; runner: ProjectionRunner; events: number }> {
  const schema = scratchName('next');
  await createReadSchema(options.db, schema, options.projections);
  const runner = new ProjectionRunner({ ...options, schema });
  await runner.loadCheckpoints();
  const events = await runner.catchUp();
  return { schema, runner, events };
}

/**
 * Rebuilds every read model from position zero into fresh tables while the old ones keep
 * serving, then swaps them in atomically: the live projector's next compare-and-set fails
 * and it resumes from the rebuilt checkpoints. Parked events are re-derived with the rest
 * (the fresh schema has its own, empty list): `parked` is how many the rebuild parked.
 */
export async function rebuildReadModels(options: Omit<RunnerOptions, 'schema'>): Promise<{ events: number; parked: number }> {
  await dropAbandonedSchemas(options.db);
  const { schema, runner, events } = await buildFreshReadModels(options);
  const retired = scratchName('old');
  let total = events;
  let parked = 0;
  await options.db.transaction().execute(async (trx) => {
    const liveExists = await schemaExists(trx, READ_SCHEMA);
    if (liveExists) await sql`lock table ${sql.id(READ_SCHEMA, 'projection_checkpoints')} in access exclusive mode`.execute(trx);
    total += await runner.catchUp(trx);
    parked = [...(await countParkedEvents(trx, schema)).values()].reduce((sum, count) => sum + count, 0);
    if (liveExists) await sql`alter schema ${sql.id(READ_SCHEMA)} rename to ${sql.id(retired)}`.execute(trx);
    await sql`alter schema ${sql.id(schema)} rename to ${sql.id(READ_SCHEMA)}`.execute(trx);
    const position = [...runner.positions.values()].sort()[0] ?? START_POSITION;
    await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${encodeChangeNotice(position, [...runner.positions.keys()], null, true)})`.execute(trx);
  });
  await sql`drop schema if exists ${sql.id(retired)} cascade`.execute(options.db);
  return { events: total, parked };
}

/** Schemas left by a rebuild that crashed or was stopped half-way. */
export async function dropAbandonedSchemas(db: Kysely<any>): Promise<void> {
  const leftovers = await sql<{ nspname: string }>`
    select nspname from pg_namespace where nspname like ${`${READ_SCHEMA}\\_next\\_%`} or nspname like ${`${READ_SCHEMA}\\_old\\_%`}`.execute(db);
  for (const { nspname } of leftovers.rows) await sql`drop schema ${sql.id(nspname)} cascade`.execute(db);
}
