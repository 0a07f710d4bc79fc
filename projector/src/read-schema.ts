import { createHash } from 'node:crypto';
import { START_POSITION, type Position } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { Projection } from './projection';

/** Live read models; rebuilds fill a fresh schema and rename it over this one. */
export const READ_SCHEMA = 'read_model';
export const READ_MODELS_CHANNEL = 'civitas_read_models';

export const fingerprintOf = (projections: readonly Projection[]) =>
  createHash('sha256')
    .update(projections.map((projection) => `${projection.name}@${projection.version}`).sort().join(','))
    .digest('hex');

export async function createReadSchema(db: Kysely<any>, schema: string, projections: readonly Projection[]): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await sql`create table ${sql.id(schema, 'projection_checkpoints')} (name text primary key, position text not null)`.execute(db);
  await sql`create table ${sql.id(schema, 'read_model_info')} (fingerprint text not null)`.execute(db);
  await sql`insert into ${sql.id(schema, 'read_model_info')} values (${fingerprintOf(projections)})`.execute(db);
  for (const projection of projections) {
    await projection.createTables(db, schema);
    await sql`insert into ${sql.id(schema, 'projection_checkpoints')} values (${projection.name}, ${START_POSITION})`.execute(db);
  }
}

export async function schemaExists(db: Kysely<any>, schema: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`select exists(select 1 from pg_namespace where nspname = ${schema}) as found`.execute(db);
  return result.rows[0]?.found === true;
}

export async function storedFingerprint(db: Kysely<any>, schema = READ_SCHEMA): Promise<string | null> {
  if (!(await schemaExists(db, schema))) return null;
  const result = await sql<{ fingerprint: string }>`select fingerprint from ${sql.id(schema, 'read_model_info')}`.execute(db);
  return result.rows[0]?.fingerprint ?? null;
}

export async function readCheckpoints(db: Kysely<any>, schema = READ_SCHEMA): Promise<Map<string, Position>> {
  const result = await sql<{ name: string; position: string }>`select name, position from ${sql.id(schema, 'projection_checkpoints')}`.execute(db);
  return new Map(result.rows.map((row) => [row.name, row.position]));
}

/**
 * A digest of every table in a read-model schema, rows in a canonical order: equal digests
 * mean byte-identical read models (the audit tools and the rebuild test rely on it).
 */
export async function readModelDigest(db: Kysely<any>, schema = READ_SCHEMA): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db);
  const digest: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const result = await sql<{ digest: string | null; count: string }>`
      select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest, count(*)::text as count
      from ${sql.id(schema, table_name)} t`.execute(db);
    digest[table_name] = `${result.rows[0]!.count}:${result.rows[0]!.digest}`;
  }
  return digest;
}
