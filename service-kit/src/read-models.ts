import type { EventStore, Position } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { z } from 'zod';

/**
 * What every process that reads the read models needs at run time. The projector writes the
 * read models; command-api and query-api read them, wait for them and listen to their notices,
 * and import nothing of the projector but its row types.
 */

/** Live read models; rebuilds fill a fresh schema and rename it over this one. */
export const READ_SCHEMA = 'read_model';
/** The projector NOTIFYs a ChangeNotice here after each committed batch. */
export const READ_MODELS_CHANNEL = 'civitas_read_models';
/** Events a projection could not apply, beside the read models they are missing from. */
export const PARKED_EVENTS_TABLE = 'parked_events';

// Raw SQL naming its schema (sql.id): any Kysely or transaction runs these, whatever tables it types.
export async function schemaExists(db: QueryExecutorProvider, schema: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`select exists(select 1 from pg_namespace where nspname = ${schema}) as found`.execute(db);
  return result.rows[0]?.found === true;
}

/** How far each projection has got. */
export async function readCheckpoints(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<Map<string, Position>> {
  const result = await sql<{ name: string; position: string }>`select name, position from ${sql.id(schema, 'projection_checkpoints')}`.execute(db);
  return new Map(result.rows.map((row) => [row.name, row.position]));
}

const CATCH_UP_POLL_MS = 25;

/**
 * Waits (up to `waitMs`, 2 s unless told) until a projection has passed everything committed when
 * called: a command that finds a member's own thing through a read model then sees their latest
 * writes, as a query with the read position would. True when it got there.
 */
export async function projectionCaughtUp(store: EventStore, readModels: QueryExecutorProvider, projection: string, waitMs = 2000): Promise<boolean> {
  // Not the readers' head: a write of ours may sit behind an older transaction still running.
  const head = await store.lastCommittedPosition();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const reached = (await readCheckpoints(readModels)).get(projection);
    if (reached !== undefined && reached >= head) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
  }
}

export async function parkedEventsTableExists(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<boolean> {
  const result = await sql<{ found: boolean }>`select to_regclass(${`${schema}.${PARKED_EVENTS_TABLE}`}) is not null as found`.execute(db);
  return result.rows[0]?.found === true;
}

/** How many events each projection has parked. */
export async function countParkedEvents(db: QueryExecutorProvider, schema = READ_SCHEMA): Promise<Map<string, number>> {
  if (!(await parkedEventsTableExists(db, schema))) return new Map();
  const result = await sql<{ projection: string; count: string }>`
    select projection, count(*)::text as count from ${sql.id(schema, PARKED_EVENTS_TABLE)} group by projection`.execute(db);
  return new Map(result.rows.map((row) => [row.projection, Number(row.count)]));
}

/** What a projector's NOTIFY says: ids and positions, never rows. */
export const ChangeNotice = z.object({
  position: z.string(),
  projections: z.array(z.string()),
  /** Changed ids per read model; 'all' when the list would not fit in a notice. */
  changes: z.record(z.string(), z.union([z.array(z.union([z.string(), z.number()])), z.literal('all')])),
  /** Set after a rebuild swapped the read models in: listeners reload everything. */
  swapped: z.boolean().optional(),
});
export type ChangeNotice = z.infer<typeof ChangeNotice>;

// NOTIFY payloads must stay under 8000 bytes: send ids, never rows, and fall back to 'all'.
const MAX_PAYLOAD_BYTES = 7_500;

export function encodeChangeNotice(
  position: Position,
  projections: string[],
  changeSet: { changes: ReadonlyMap<string, Iterable<string | number>> } | null,
  swapped = false,
): string {
  const changes: ChangeNotice['changes'] = {};
  for (const [model, ids] of changeSet?.changes ?? []) changes[model] = [...ids];
  const notice: ChangeNotice = { position, projections, changes, ...(swapped ? { swapped } : {}) };
  let payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    for (const model of Object.keys(changes)) changes[model] = 'all';
    payload = JSON.stringify(notice);
  }
  return payload;
}

/**
 * Announces what a transaction changed in the read models: in the caller's transaction, so
 * PostgreSQL delivers it to listeners on commit and never for a batch that rolled back.
 */
export async function publishChangeNotice(
  trx: QueryExecutorProvider,
  position: Position,
  projections: string[],
  changeSet: { changes: ReadonlyMap<string, Iterable<string | number>> } | null,
  swapped = false,
): Promise<void> {
  await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${encodeChangeNotice(position, projections, changeSet, swapped)})`.execute(trx);
}

/** A notice from the channel, or null for a payload that is not one (listeners then reload instead). */
export function decodeChangeNotice(payload: string): ChangeNotice | null {
  try {
    const parsed = ChangeNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
