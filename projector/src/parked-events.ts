import type { Position } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { ProjectionFailure } from './projection-failure';
import { PARKED_EVENTS_TABLE, READ_SCHEMA } from './read-schema';

/** An event one projection could not apply; the projection moved on past it. Never holds the event's data. */
export interface ParkedEvent {
  projection: string;
  position: Position;
  eventId: string;
  eventType: string;
  streamId: string;
  error: ProjectionFailure;
  attempts: number;
  parkedAt: Date;
  lastAttemptAt: Date;
}

export type NewParkedEvent = Pick<ParkedEvent, 'projection' | 'position' | 'eventId' | 'eventType' | 'streamId' | 'error'>;

interface ParkedEventRow {
  projection: string;
  position: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  error_code: string;
  error_message: string;
  attempts: number;
  parked_at: Date;
  last_attempt_at: Date;
}

/** Records parked events inside the transaction that moves the projection's checkpoint past them. */
export async function parkEvents(db: Kysely<any>, schema: string, entries: readonly NewParkedEvent[]): Promise<void> {
  if (entries.length === 0) return;
  await db.withSchema(schema).insertInto(PARKED_EVENTS_TABLE)
    .values(entries.map((entry) => ({
      projection: entry.projection, position: entry.position, event_id: entry.eventId, event_type: entry.eventType, stream_id: entry.streamId,
      error_code: entry.error.code, error_message: entry.error.message,
    })))
    .onConflict((conflict) => conflict.columns(['projection', 'position']).doUpdateSet({
      error_code: sql`excluded.error_code`, error_message: sql`excluded.error_message`,
      attempts: sql`${sql.ref(`${PARKED_EVENTS_TABLE}.attempts`)} + 1`, last_attempt_at: sql`now()`,
    }))
    .execute();
}

export async function parkedEventsTableExists(db: Kysely<any>, schema = READ_SCHEMA): Promise<boolean> {
  const result = await sql<{ found: boolean }>`select to_regclass(${`${schema}.${PARKED_EVENTS_TABLE}`}) is not null as found`.execute(db);
  return result.rows[0]?.found === true;
}

/** Every parked event, oldest position first (empty when the read models predate parking). */
export async function listParkedEvents(db: Kysely<any>, schema = READ_SCHEMA, filter: { projection?: string; position?: Position } = {}): Promise<ParkedEvent[]> {
  if (!(await parkedEventsTableExists(db, schema))) return [];
  let query = db.withSchema(schema).selectFrom(PARKED_EVENTS_TABLE).selectAll();
  if (filter.projection !== undefined) query = query.where('projection', '=', filter.projection);
  if (filter.position !== undefined) query = query.where('position', '=', filter.position);
  const rows = (await query.orderBy('position').orderBy('projection').execute()) as ParkedEventRow[];
  return rows.map(fromRow);
}

/** How many events each projection has parked. */
export async function countParkedEvents(db: Kysely<any>, schema = READ_SCHEMA): Promise<Map<string, number>> {
  if (!(await parkedEventsTableExists(db, schema))) return new Map();
  const result = await sql<{ projection: string; count: string }>`
    select projection, count(*)::text as count from ${sql.id(schema, PARKED_EVENTS_TABLE)} group by projection`.execute(db);
  return new Map(result.rows.map((row) => [row.projection, Number(row.count)]));
}

/** Records the latest failure of a parked event that was tried again. */
export async function recordRetryFailure(db: Kysely<any>, schema: string, projection: string, position: Position, error: ProjectionFailure): Promise<void> {
  await db.withSchema(schema).updateTable(PARKED_EVENTS_TABLE)
    .set({ error_code: error.code, error_message: error.message, attempts: sql`attempts + 1`, last_attempt_at: sql`now()` })
    .where('projection', '=', projection).where('position', '=', position)
    .execute();
}

/** Removes a parked event (its retry applied it); false when it was no longer parked. */
export async function unparkEvent(db: Kysely<any>, schema: string, projection: string, position: Position): Promise<boolean> {
  const removed = await db.withSchema(schema).deleteFrom(PARKED_EVENTS_TABLE)
    .where('projection', '=', projection).where('position', '=', position)
    .returning('position').execute();
  return removed.length > 0;
}

/** A plain-text table for terminals: projection, position, type, error, parked at. */
export function formatParkedEvents(entries: readonly ParkedEvent[]): string {
  if (entries.length === 0) return 'No parked events.\n';
  const header = ['projection', 'position', 'type', 'error', 'parked at'];
  const rows = entries.map((entry) => [
    entry.projection, entry.position, entry.eventType, `${entry.error.code}: ${entry.error.message}${entry.attempts > 1 ? ` (${entry.attempts} attempts)` : ''}`,
    entry.parkedAt.toISOString(),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return `${[line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`;
}

const fromRow = (row: ParkedEventRow): ParkedEvent => ({
  projection: row.projection,
  position: row.position,
  eventId: row.event_id,
  eventType: row.event_type,
  streamId: row.stream_id,
  error: { code: row.error_code, message: row.error_message },
  attempts: row.attempts,
  parkedAt: row.parked_at,
  lastAttemptAt: row.last_attempt_at,
});
