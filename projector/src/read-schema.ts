import { START_POSITION } from '@civitas/events';
import { PARKED_EVENTS_TABLE, READ_SCHEMA, schemaExists } from '@civitas/service-kit/read-models';
import { sql, type QueryExecutorProvider } from 'kysely';
import { createTableSql } from './lib/table';
import { parkedEventsTable } from './parked-events.table';
import type { Projection } from './projection';

/*
 * The read schema's names and lookups (READ_SCHEMA, readCheckpoints, ...) live in
 * @civitas/service-kit/read-models, since command-api and query-api read them too. Parked events
 * sit beside the read models they are missing from: a rebuild fills a fresh schema (that table
 * included) from zero, so it re-derives them with the code of the day, and the swap brings them
 * in together with the tables they belong to.
 */

// Raw SQL naming its schema (sql.id): any Kysely or transaction runs these, whatever tables it types.

/**
 * A schema of read models for these projections, each at its checkpoint zero. The checkpoint row
 * keeps the version its tables were built by: a projection whose version changed is rebuilt alone.
 */
export async function createReadSchema(db: QueryExecutorProvider, schema: string, projections: readonly Projection[]): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await sql`create table ${sql.id(schema, 'projection_checkpoints')} (name text primary key, position text not null, version integer not null, tables text[] not null)`.execute(
    db,
  );
  await createParkedEventsTable(db, schema);
  let known = new Set(await tablesIn(db, schema));
  for (const projection of projections) {
    await projection.createTables(db, schema);
    // Kept with the checkpoint: the tables a later rebuild of this projection (or its removal) replaces.
    const tables = (await tablesIn(db, schema)).filter((table) => !known.has(table));
    known = new Set([...known, ...tables]);
    await sql`insert into ${sql.id(schema, 'projection_checkpoints')} values (${projection.name}, ${START_POSITION}, ${projection.version}, ${tables}::text[])`.execute(
      db,
    );
  }
}

export async function tablesIn(db: QueryExecutorProvider, schema: string): Promise<string[]> {
  const result = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
    db,
  );
  return result.rows.map((row) => row.table_name);
}

/** What a projector start must rebuild: everything (no read models yet, or ones from before versions were kept per projection), or the projections whose version changed. */
export type RebuildPlan = { kind: 'all' } | { kind: 'some'; changed: Projection[]; removed: string[] };

export async function planRebuild(db: QueryExecutorProvider, projections: readonly Projection[], schema = READ_SCHEMA): Promise<RebuildPlan> {
  if (!(await schemaExists(db, schema))) return { kind: 'all' };
  const versioned = await sql<{ found: boolean }>`
    select exists(select 1 from information_schema.columns where table_schema = ${schema} and table_name = 'projection_checkpoints' and column_name = 'version') as found`.execute(
    db,
  );
  if (!versioned.rows[0]?.found) return { kind: 'all' };
  const result = await sql<{ name: string; version: number }>`select name, version from ${sql.id(schema, 'projection_checkpoints')}`.execute(db);
  const stored = new Map(result.rows.map((row) => [row.name, row.version]));
  return {
    kind: 'some',
    changed: projections.filter((projection) => stored.get(projection.name) !== projection.version),
    removed: [...stored.keys()].filter((name) => !projections.some((projection) => projection.name === name)),
  };
}

/** Idempotent: read models created before parking existed get the table at the projector's next start. */
export async function createParkedEventsTable(db: QueryExecutorProvider, schema: string): Promise<void> {
  await createTableSql(schema, parkedEventsTable, { ifNotExists: true }).execute(db);
}

/**
 * A digest of every table in a read-model schema, rows in a canonical order: equal digests
 * mean byte-identical read models (the audit tools and the rebuild test rely on it). Parked
 * events are left out: they are the projector's own bookkeeping and carry its clock.
 */
export async function readModelDigest(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = ${schema} and table_name <> ${PARKED_EVENTS_TABLE} order by table_name`.execute(db);
  const digest: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const result = await sql<{ digest: string | null; count: string }>`
      select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest, count(*)::text as count
      from ${sql.id(schema, table_name)} t`.execute(db);
    digest[table_name] = `${result.rows[0]!.count}:${result.rows[0]!.digest}`;
  }
  return digest;
}
