import { PARKED_EVENTS_TABLE } from '@civitas/service-kit/read-models';
import { sql } from 'kysely';
import { column, defineTable, type DatabaseOf } from './lib/table';

/** Events a projection could not apply (parked-events.ts): where they stand and why, never their data. */
export const parkedEventsTable = defineTable(
  PARKED_EVENTS_TABLE,
  {
    projection: column.text(),
    position: column.text(),
    event_id: column.uuid(),
    event_type: column.text(),
    stream_id: column.text(),
    error_code: column.text(),
    error_message: column.text(),
    attempts: column.integer().default(1),
    parked_at: column.timestamptz().default(sql`now()`),
    last_attempt_at: column.timestamptz().default(sql`now()`),
  },
  { primaryKey: ['projection', 'position'] },
);

export type ParkedEventsDatabase = DatabaseOf<typeof parkedEventsTable>;
