import type { Position } from '@civitas/events';
import { sql, type Kysely, type Selectable } from 'kysely';
import { asReadModels } from '@civitas/service-kit/database';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { ProjectionFailure } from './projection-failure';
import { PARKED_EVENTS_TABLE, READ_SCHEMA, parkedEventsTableExists } from '@civitas/service-kit/read-models';
import type { ParkedEventsDatabase } from './parked-events.table';

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

type ParkedEventRow = Selectable<ParkedEventsDatabase['parked_events']>;

/** The parked-events table of a read schema, on the platform's pool or a transaction of it. */
const parkedIn = (db: Kysely<PlatformDatabase>, schema: string) => asReadModels<ParkedEventsDatabase>(db).withSchema(schema);

/** Records parked events inside the transaction that moves the projection's checkpoint past them. */
export async function parkEvents(db: Kysely<PlatformDatabase>, schema: string, entries: readonly NewParkedEvent[]): Promise<void> {
  if (entries.length === 0) return;
  await parkedIn(db, schema)
    .insertInto(PARKED_EVENTS_TABLE)
    .values(
      entries.map((entry) => ({
        projection: entry.projection,
        position: entry.position,
        event_id: entry.eventId,
        event_type: entry.eventType,
        stream_id: entry.streamId,
        error_code: entry.error.code,
        error_message: entry.error.message,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['projection', 'position']).doUpdateSet({
        error_code: sql`excluded.error_code`,
        error_message: sql`excluded.error_message`,
        attempts: sql`${sql.ref(`${PARKED_EVENTS_TABLE}.attempts`)} + 1`,
        last_attempt_at: sql`now()`,
      }),
    )
    .execute();
}

/** Every parked event, oldest position first (empty when the read models predate parking). */
export async function listParkedEvents(
  db: Kysely<PlatformDatabase>,
  schema = READ_SCHEMA,
  filter: { projection?: string; position?: Position } = {},
): Promise<ParkedEvent[]> {
  if (!(await parkedEventsTableExists(db, schema))) return [];
  let query = parkedIn(db, schema).selectFrom(PARKED_EVENTS_TABLE).selectAll();
  if (filter.projection !== undefined) query = query.where('projection', '=', filter.projection);
  if (filter.position !== undefined) query = query.where('position', '=', filter.position);
  return (await query.orderBy('position').orderBy('projection').execute()).map(fromRow);
}

/** Records the latest failure of a parked event that was tried again. */
export async function recordRetryFailure(
  db: Kysely<PlatformDatabase>,
  schema: string,
  projection: string,
  position: Position,
  error: ProjectionFailure,
): Promise<void> {
  await parkedIn(db, schema)
    .updateTable(PARKED_EVENTS_TABLE)
    .set({ error_code: error.code, error_message: error.message, attempts: sql`attempts + 1`, last_attempt_at: sql`now()` })
    .where('projection', '=', projection)
    .where('position', '=', position)
    .execute();
}

/** Removes a parked event (its retry applied it); false when it was no longer parked. */
export async function unparkEvent(db: Kysely<PlatformDatabase>, schema: string, projection: string, position: Position): Promise<boolean> {
  const removed = await parkedIn(db, schema)
    .deleteFrom(PARKED_EVENTS_TABLE)
    .where('projection', '=', projection)
    .where('position', '=', position)
    .returning('position')
    .execute();
  return removed.length > 0;
}

/** A plain-text table for terminals: projection, position, type, error, parked at. */
export function formatParkedEvents(entries: readonly ParkedEvent[]): string {
  if (entries.length === 0) return 'No parked events.\n';
  const header = ['projection', 'position', 'type', 'error', 'parked at'];
  const rows = entries.map((entry) => [
    entry.projection,
    entry.position,
    entry.eventType,
    `${entry.error.code}: ${entry.error.message}${entry.attempts > 1 ? ` (${entry.attempts} attempts)` : ''}`,
    entry.parkedAt.toISOString(),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
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
