import type { EventRegistry, PostgresEventStore } from '@civitas/events';
import { rebuildReadModels, type Projection } from '@civitas/projector';
import { READ_SCHEMA, readCheckpoints } from '@civitas/service-kit/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { BenchConfig } from './lib/config';
import { quiesce } from './lib/database';
import { cpuNote, withCpu } from './lib/cpu';
import { now } from './lib/measure';
import { emit, progress } from './lib/report';

const TARGET = 80_000;
const RAW_SCHEMA = 'bench_raw_rebuild';

const RAW_SELECT = `select transaction_id::text as tx, global_position, type, data, metadata, recorded_at
  from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
  order by transaction_id, global_position limit $3`;

const RAW_INSERT = `insert into ${RAW_SCHEMA}.groups
    (id, name, description, department, subcategory, subscription_type, features, owner_id, created_at, updated_at)
  select id, name, description, department, subcategory, subscription_type, features, owner_id, at, at
  from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::uuid[], $9::timestamptz[])
    as x(id, name, description, department, subcategory, subscription_type, features, owner_id, at)
  on conflict (id) do nothing`;

// The set-based rebuild's work without the framework: one statement into a fresh groups table.
const RAW_INSERT_SELECT = `insert into ${RAW_SCHEMA}.groups
    (id, name, description, department, subcategory, subscription_type, features, owner_id, created_at, updated_at)
  select (data->>'groupId')::int, data->>'name', data->>'description', data->>'department', data->>'subcategory',
    data->>'subscriptionType', data->'features', (data->>'ownerId')::uuid, (metadata->>'time')::timestamptz, (metadata->>'time')::timestamptz
  from events where type = 'GroupCreated' and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by transaction_id, global_position
  on conflict (id) do nothing`;

/** One INSERT … SELECT into a fresh copy of the groups table (synchronous_commit off, as the rebuild). */
async function rawInsertSelect(store: PostgresEventStore, db: QueryExecutorProvider, groups: Projection): Promise<number> {
  await sql`create schema ${sql.id(RAW_SCHEMA)}`.execute(db);
  await groups.createTables(db, RAW_SCHEMA);
  const client = await store.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    const { rowCount } = await client.query(RAW_INSERT_SELECT);
    await client.query('commit');
    return rowCount ?? 0;
  } finally {
    client.release();
    await sql`drop schema ${sql.id(RAW_SCHEMA)} cascade`.execute(db);
  }
}

interface RawRow {
  tx: string;
  global_position: string;
  type: string;
  data: Record<string, unknown>;
  metadata: { time?: string };
  recorded_at: Date;
}

/**
 * The rebuild's work without the framework: keyset SELECT of 1000 events (the next one read
 * while the current one is written, as the runner does), one unnest INSERT and a checkpoint
 * UPDATE per batch in a transaction with synchronous_commit off. No decoding, no notices.
 */
async function rawRebuild(store: PostgresEventStore, db: QueryExecutorProvider, groups: Projection, batchSize: number): Promise<number> {
  await sql`create schema ${sql.id(RAW_SCHEMA)}`.execute(db);
  await groups.createTables(db, RAW_SCHEMA);
  await sql`create table ${sql.id(RAW_SCHEMA, 'checkpoint')} (position text not null)`.execute(db);
  await sql`insert into ${sql.id(RAW_SCHEMA, 'checkpoint')} values ('')`.execute(db);
  const read = (tx: string, position: string) =>
    store.pool.query<RawRow>({ name: 'bench_raw_rebuild_select', text: RAW_SELECT, values: [tx, position, batchSize] });
  let total = 0;
  let next = read('0', '0');
  for (;;) {
    const { rows } = await next;
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!;
    next = read(last.tx, last.global_position);
    const created = rows.filter((row) => row.type === 'GroupCreated');
    const column = (key: string) => created.map((row) => row.data[key]);
    const client = await store.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local synchronous_commit = off');
      await client.query({
        name: 'bench_raw_rebuild_insert',
        text: RAW_INSERT,
        values: [
          column('groupId'),
          column('name'),
          column('description'),
          column('department'),
          column('subcategory'),
          column('subscriptionType'),
          created.map((row) => JSON.stringify(row.data.features)),
          column('ownerId'),
          created.map((row) => row.metadata.time ?? row.recorded_at.toISOString()),
        ],
      });
      await client.query(`update ${RAW_SCHEMA}.checkpoint set position = $1`, [`${last.tx}-${last.global_position}`]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    total += rows.length;
  }
  await sql`drop schema ${sql.id(RAW_SCHEMA)} cascade`.execute(db);
  return total;
}

async function groupRows(db: QueryExecutorProvider, schema: string): Promise<number> {
  const result = await sql<{ count: number }>`select count(*)::int as count from ${sql.id(schema, 'groups')}`.execute(db);
  return result.rows[0]?.count ?? 0;
}

/**
 * Two rebuilds over every event in the store, into fresh tables swapped in at the end (they stay
 * live): every projection from zero (the first start, `npm run rebuild`), beside the hand-written
 * Node pipeline; then what a version change of `groups` costs: that projection alone, set-based,
 * the others left as they are, beside the hand-written statement.
 */
export async function benchRebuild(
  options: { store: PostgresEventStore; db: Kysely<PlatformDatabase>; registry: EventRegistry; projections: readonly Projection[] },
  config: BenchConfig,
  expected: number,
): Promise<void> {
  const groups = options.projections.find((projection) => projection.name === 'groups');
  if (!groups) throw new Error('no groups projection');
  const timed = async (label: string, rebuild: () => Promise<void>) => {
    await quiesce(options.store.pool);
    const started = now();
    const { cpu } = await withCpu(options.store.pool, rebuild);
    const seconds = (now() - started) / 1000;
    progress(`${label}: ${expected} events in ${seconds.toFixed(2)} s = ${Math.round(expected / seconds)} events/s ${cpuNote(cpu, label)}`);
    return expected / seconds;
  };
  const rebuildAll = async () => {
    const { events } = await rebuildReadModels({ ...options, batchSize: config.readBatch });
    // Only the set-based projections skip reading through Node; the others read every event.
    if (events !== expected) throw new Error(`the full rebuild read ${events} events, expected ${expected}`);
  };

  const rawStatement = (pass: number) =>
    timed(`rebuild raw INSERT … SELECT (pass ${pass})`, async () => {
      const rows = await rawInsertSelect(options.store, options.db, groups);
      if (rows !== expected) throw new Error(`raw INSERT … SELECT wrote ${rows} groups, expected ${expected}`);
    });
  const groupsChanged = async (pass: number) => {
    const before = await readCheckpoints(options.db);
    const rate = await timed(`rebuildReadModels, groups changed (pass ${pass})`, async () => {
      const { setBased } = await rebuildReadModels({ ...options, batchSize: config.readBatch }, ['groups']);
      if (!setBased.includes('groups')) throw new Error('groups was not rebuilt set-based');
    });
    const after = await readCheckpoints(options.db);
    const moved = [...before].filter(([name, position]) => name !== 'groups' && after.get(name) !== position).map(([name]) => name);
    if (moved.length > 0) throw new Error(`rebuilding groups moved other checkpoints: ${moved.join(', ')}`);
    return rate;
  };

  const baseline = await timed('rebuild raw pipeline', async () => {
    const events = await rawRebuild(options.store, options.db, groups, config.readBatch);
    if (events !== expected) throw new Error(`raw pipeline projected ${events} events, expected ${expected}`);
  });
  const whole = await timed('rebuildReadModels, every projection', rebuildAll);
  // Interleaved, the better of two passes per side: a shared machine's load moves both alike.
  const passes: Array<{ statement: number; one: number }> = [];
  for (const pass of [1, 2]) passes.push({ statement: await rawStatement(pass), one: await groupsChanged(pass) });
  const statementBaseline = Math.max(...passes.map((pass) => pass.statement));
  const one = Math.max(...passes.map((pass) => pass.one));
  const rows = await groupRows(options.db, READ_SCHEMA);
  // Projections skip events they cannot decode: a fast rebuild that projected nothing proves nothing.
  if (rows !== expected) throw new Error(`rebuild left ${rows} groups, expected ${expected}`);
  emit({
    figure: `rebuild after a change to one projection (groups, set-based) over ${expected} GroupCreated events; the other projections untouched`,
    value: one,
    unit: 'events/s',
    baseline: statementBaseline,
    target: `>= ${TARGET} events/s`,
    meets: one >= TARGET,
  });
  emit({
    figure: `rebuild of every projection (${options.projections.length}) over ${expected} GroupCreated events`,
    value: whole,
    unit: 'events/s',
    baseline,
    target: `>= ${TARGET} events/s`,
    meets: whole >= TARGET,
  });
}
