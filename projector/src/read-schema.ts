import { createHash } from 'node:crypto';
import { START_POSITION } from '@civitas/events';
import { PARKED_EVENTS_TABLE, READ_SCHEMA, schemaExists } from '@civitas/service-kit/read-models';
import { sql, type Kysely } from 'kysely';
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

export const fingerprintOf = (projections: readonly Projection[]) =>
  createHash('sha256')
    .update(projections.map((projection) => `${projection.name}@${projection.version}`).sort().join(','))
    .digest('hex');

export async function createReadSchema(db: Kysely<any>, schema: string, projections: readonly Projection[]): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await sql`create table ${sql.id(schema, 'projection_checkpoints')} (name text primary key, position text not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'read_model_info')} (fingerprint text not null)`.execute(db);
  await sql`insert into ${sql.id(schema, 'read_model_info')} values (${fingerprintOf(projections)})`.execute(db);
  await createParkedEventsTable(db, schema);
  for (const projection of projections) {
    await projection.createTables(db, schema);
    await sql`insert into ${sql.id(schema, 'projection_checkpoints')} values (${projection.name}, ${START_POSITION})`.execute(db);
  }
}

/** Idempotent: read models created before parking existed get the table at the projector's next start. */
export async function createParkedEventsTable(db: Kysely<any>, schema: string): Promise<void> {
  await createTableSql(schema, parkedEventsTable, { ifNotExists: true }).execute(db);
}

export async function storedFingerprint(db: Kysely<any>, schema = READ_SCHEMA): Promise<string | null> {
  if (!(await schemaExists(db, schema))) return null;
  const result = await sql<{ fingerprint: string }>`select fingerprint from ${sql.id(schema, 'read_model_info')}`.execute(db);
  return result.rows[0]?.fingerprint ?? null;
}

/**
 * A digest of every table in a read-model schema, rows in a canonical order: equal digests
 * mean byte-identical read models (the audit tools and the rebuild test rely on it). Parked
 * events are left out: they are the projector's own bookkeeping and carry its clock.
 */
export async function readModelDigest(db: Kysely<any>, schema = READ_SCHEMA): Promise<Record<string, string>> {
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
