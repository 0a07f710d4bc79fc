import { createKysely } from '@civitas/service-kit';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTables, column, defineTable, insertRows, unnestRows, type RowOf } from '../src/lib/table';
import { opinionsTable } from '../src/opinions/opinions.table';
import { projections, type ProjectionName } from '../src/projections';
import type { ReadModelRow } from '../src/read-models';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';

/** Kysely's Insertable is an intersection; compared as one object. */
type Flat<T> = { [K in keyof T]: T[K] };

/** Every kind of column the helper declares. */
const ballotsTable = defineTable(
  'ballots',
  {
    id: column.integer(),
    voter_id: column.uuid(),
    status: column.text<'open' | 'counted'>(),
    note: column.text().nullable(),
    tags: column.jsonb<string[]>(),
    labels: column.textArray().default(['a "b"', 'c\\d']),
    weight: column.integer().default(1),
    counted: column.boolean().default(false),
    double_weight: column.integer().generatedAlwaysAs(sql`weight * 2`),
    cast_at: column.timestamptz(),
    seen_at: column.timestamptz().default(sql`now()`),
    code: column.text().unique(),
  },
  {
    primaryKey: ['id', 'voter_id'],
    indexes: [{ columns: ['voter_id', 'cast_at desc'] }, { columns: ['status'], where: sql`not counted` }],
  },
);

describe('read-model table definitions', () => {
  let database: TestDatabase;
  let db: Kysely<any>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.url, { max: 2 });
    await sql`create schema tables_spec`.execute(db);
    await createTables(db, 'tables_spec', [ballotsTable, opinionsTable]);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('creates the columns in order, with their types, nullability, defaults and generated expressions', async () => {
    const columns = await sql<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      generation_expression: string | null;
    }>`
      select column_name, data_type, is_nullable, column_default, generation_expression from information_schema.columns
      where table_schema = 'tables_spec' and table_name = 'ballots' order by ordinal_position`.execute(db);
    expect(columns.rows).toEqual([
      { column_name: 'id', data_type: 'integer', is_nullable: 'NO', column_default: null, generation_expression: null },
      { column_name: 'voter_id', data_type: 'uuid', is_nullable: 'NO', column_default: null, generation_expression: null },
      { column_name: 'status', data_type: 'text', is_nullable: 'NO', column_default: null, generation_expression: null },
      { column_name: 'note', data_type: 'text', is_nullable: 'YES', column_default: null, generation_expression: null },
      { column_name: 'tags', data_type: 'jsonb', is_nullable: 'NO', column_default: null, generation_expression: null },
      { column_name: 'labels', data_type: 'ARRAY', is_nullable: 'NO', column_default: `'{"a \\"b\\"","c\\\\d"}'::text[]`, generation_expression: null },
      { column_name: 'weight', data_type: 'integer', is_nullable: 'NO', column_default: '1', generation_expression: null },
      { column_name: 'counted', data_type: 'boolean', is_nullable: 'NO', column_default: 'false', generation_expression: null },
      { column_name: 'double_weight', data_type: 'integer', is_nullable: 'NO', column_default: null, generation_expression: '(weight * 2)' },
      { column_name: 'cast_at', data_type: 'timestamp with time zone', is_nullable: 'NO', column_default: null, generation_expression: null },
      { column_name: 'seen_at', data_type: 'timestamp with time zone', is_nullable: 'NO', column_default: 'now()', generation_expression: null },
      { column_name: 'code', data_type: 'text', is_nullable: 'NO', column_default: null, generation_expression: null },
    ]);
  });

  it('creates the primary key, unique constraints and indexes, named by PostgreSQL as before', async () => {
    const indexes = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = 'tables_spec' order by indexname`.execute(db);
    expect(indexes.rows.map((row) => row.indexdef)).toEqual([
      'CREATE UNIQUE INDEX ballots_code_key ON tables_spec.ballots USING btree (code)',
      'CREATE UNIQUE INDEX ballots_pkey ON tables_spec.ballots USING btree (id, voter_id)',
      'CREATE INDEX ballots_status_idx ON tables_spec.ballots USING btree (status) WHERE (NOT counted)',
      'CREATE INDEX ballots_voter_id_cast_at_idx ON tables_spec.ballots USING btree (voter_id, cast_at DESC)',
      'CREATE UNIQUE INDEX opinions_pkey ON tables_spec.opinions USING btree (id)',
      'CREATE INDEX opinions_topic_id_created_at_posted_position_idx ON tables_spec.opinions USING btree (topic_id, created_at, posted_position)',
    ]);
  });

  it('writes a batch through arrays cast to the columns\u2019 types, defaults and generated columns filled in', async () => {
    const { columns, rows } = insertRows(ballotsTable, {
      id: [1, 2],
      voter_id: ['6b1f3c2e-9a5d-4c1e-8f7a-2d3b4c5e6f70', '6b1f3c2e-9a5d-4c1e-8f7a-2d3b4c5e6f71'],
      status: ['open', 'counted'],
      note: ['first', null],
      tags: [JSON.stringify(['x']), JSON.stringify([])],
      cast_at: ['2026-03-01T10:00:00.000Z', new Date('2026-03-01T11:00:00.000Z')],
      code: ['A', 'B'],
    });
    await sql`insert into ${sql.id('tables_spec', ballotsTable.name)} ${columns} select * from ${rows}`.execute(db);
    const ids = unnestRows(ballotsTable, 'd', { id: [2], weight: [5] });
    await sql`update ${sql.id('tables_spec', ballotsTable.name)} b set weight = b.weight + d.weight from ${ids.rows} where b.id = d.id`.execute(db);
    const stored = await db
      .withSchema('tables_spec')
      .selectFrom('ballots')
      .select(['id', 'note', 'tags', 'labels', 'weight', 'counted', 'double_weight', 'cast_at'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      {
        id: 1,
        note: 'first',
        tags: ['x'],
        labels: ['a "b"', 'c\\d'],
        weight: 1,
        counted: false,
        double_weight: 2,
        cast_at: new Date('2026-03-01T10:00:00.000Z'),
      },
      { id: 2, note: null, tags: [], labels: ['a "b"', 'c\\d'], weight: 6, counted: false, double_weight: 12, cast_at: new Date('2026-03-01T11:00:00.000Z') },
    ]);
  });

  it('refuses to carry array columns or columns the table does not have through unnest', () => {
    expect(() => unnestRows(ballotsTable, 'd', { labels: [['a']] })).toThrow('unnestRows cannot carry ballots.labels');
    expect(() => unnestRows(ballotsTable, 'd', { nope: [1] } as never)).toThrow('unnestRows cannot carry ballots.nope');
  });

  it('types rows from the same definition: selects read, inserts may leave out defaults and nulls, generated columns are never written', () => {
    type Ballot = RowOf<typeof ballotsTable>;
    expectTypeOf<Selectable<Ballot>>().toEqualTypeOf<{
      id: number;
      voter_id: string;
      status: 'open' | 'counted';
      note: string | null;
      tags: string[];
      labels: string[];
      weight: number;
      counted: boolean;
      double_weight: number;
      cast_at: Date;
      seen_at: Date;
      code: string;
    }>();
    expectTypeOf<Flat<Insertable<Ballot>>>().toEqualTypeOf<{
      id: number;
      voter_id: string;
      status: 'open' | 'counted';
      note?: string | null;
      tags: string;
      labels?: readonly string[];
      weight?: number;
      counted?: boolean;
      cast_at: Date | string;
      seen_at?: Date | string;
      code: string;
    }>();
    expectTypeOf<Updateable<Ballot>>().not.toHaveProperty('double_weight');
    expectTypeOf<ReadModelRow<'opinions'>['support_count']>().toEqualTypeOf<number>();
    // @ts-expect-error an index names only the table's own columns
    defineTable('typo', { id: column.integer() }, { indexes: [{ columns: ['idd'] }] });
    // @ts-expect-error a primary key too
    defineTable('typo', { id: column.integer() }, { primaryKey: ['idd'] });
    // @ts-expect-error a batch gives every column an insert requires
    insertRows(ballotsTable, { id: [1] });
  });

  it('knows the projections by name: a typo does not type-check', () => {
    const waitedFor: ProjectionName[] = ['opinions', 'participation'];
    // @ts-expect-error 'opinion' is not a projection
    const typo: ProjectionName = 'opinion';
    expect([...waitedFor, typo].every((name) => typeof name === 'string')).toBe(true);
  });

  it('gives every read model to exactly one projection', () => {
    const names = projections.flatMap((projection) => projection.tables.map((table) => table.name));
    expect(new Set(names).size).toBe(names.length);
  });
});
