import type { EventRegistry, PostgresEventStore } from '@civitas/events';
import { rebuildReadModels, type Projection } from '@civitas/projector';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type Kysely } from 'kysely';
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
async function rawRebuild(store: PostgresEventStore, db: Kysely<any>, groups: Projection, batchSize: number): Promise<number> {
  await sql`create schema ${sql.id(RAW_SCHEMA)}`.execute(db);
  await groups.createTables(db, RAW_SCHEMA);
  await sql`create table ${sql.id(RAW_SCHEMA, 'checkpoint')} (position text not null)`.execute(db);
  await sql`insert into ${sql.id(RAW_SCHEMA, 'checkpoint')} values ('')`.execute(db);
  const read = (tx: string, position: string) => store.pool.query<RawRow>({ name: 'bench_raw_rebuild_select', text: RAW_SELECT, values: [tx, position, batchSize] });
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

async function groupRows(db: Kysely<any>, schema: string): Promise<number> {
  const result = await sql<{ count: number }>`select count(*)::int as count from ${sql.id(schema, 'groups')}`.execute(db);
  return result.rows[0]?.count ?? 0;
}

/** rebuildReadModels over every event in the store, into fresh tables swapped in at the end; leaves them live. */
export async function benchRebuild(
  options: { store: PostgresEventStore; db: Kysely<any>; registry: EventRegistry; projections: readonly Projection[] },
  config: BenchConfig,
  expected: number,
): Promise<void> {
  const groups = options.projections.find((projection) => projection.name === 'groups');
  if (!groups) throw new Error('no groups projection');
  const timed = async (label: string, rebuild: () => Promise<number>) => {
    await quiesce(options.store.pool);
    const started = now();
    const { result: events, cpu } = await withCpu(options.store.pool, rebuild);
    const seconds = (now() - started) / 1000;
    if (events !== expected) throw new Error(`${label} projected ${events} events, expected ${expected}`);
    progress(`${label}: ${events} events in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s ${cpuNote(cpu, label)}`);
    return events / seconds;
  };

  const baseline = await timed('rebuild raw pipeline', () => rawRebuild(options.store, options.db, groups, config.readBatch));
  const value = await timed('rebuildReadModels', async () => (await rebuildReadModels({ ...options, batchSize: config.readBatch })).events);
  const rows = await groupRows(options.db, READ_SCHEMA);
  // Projections skip events they cannot decode: a fast rebuild that projected nothing proves nothing.
  if (rows !== expected) throw new Error(`rebuild left ${rows} groups, expected ${expected}`);
  emit({
    figure: `rebuild over ${expected} GroupCreated events (rebuildReadModels)`,
    value,
    unit: 'events/s',
    baseline,
    target: `>= ${TARGET} events/s`,
    meets: value >= TARGET,
  });
}
