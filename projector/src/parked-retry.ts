import { decodePosition, encodePosition, type EventRegistry, type EventStore, type Position, type RecordedEvent } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '@civitas/service-kit';
import { asReadModels } from '@civitas/service-kit/database';
import { READ_SCHEMA, publishChangeNotice } from '@civitas/service-kit/read-models';
import { listParkedEvents, recordRetryFailure, unparkEvent, type ParkedEvent } from './parked-events';
import { ChangeSet, applyProjection, type AnyReadModels, type Projection, type ProjectionInput } from './projection';
import { describeDecodeFailure, describeFailure, type ProjectionFailure } from './projection-failure';
import { decodeEvent } from './runner';

export interface RetryOptions {
  store: EventStore;
  db: Kysely<PlatformDatabase>;
  registry: EventRegistry;
  projections: readonly Projection[];
  schema?: string;
}

export interface RetryOutcome {
  projection: string;
  position: Position;
  eventType: string;
  applied: boolean;
  /** Why it is still parked. */
  error?: ProjectionFailure;
}

/**
 * Applies parked events again (after a fix): an event that now applies leaves the list, one
 * that fails stays with its new error. A retried event arrives late, after the events that
 * followed it; a fix that changes a projection's logic bumps its version instead, and the
 * rebuild that follows re-derives everything in order.
 */
export async function retryParkedEvents(options: RetryOptions, selection: { projection: string; position: Position } | 'all'): Promise<RetryOutcome[]> {
  const schema = options.schema ?? READ_SCHEMA;
  const entries = await listParkedEvents(options.db, schema, selection === 'all' ? {} : selection);
  const outcomes: RetryOutcome[] = [];
  for (const entry of entries) outcomes.push(await retryOne(options, schema, entry));
  return outcomes;
}

async function retryOne(options: RetryOptions, schema: string, entry: ParkedEvent): Promise<RetryOutcome> {
  const outcome = { projection: entry.projection, position: entry.position, eventType: entry.eventType };
  const fail = async (error: ProjectionFailure): Promise<RetryOutcome> => {
    await recordRetryFailure(options.db, schema, entry.projection, entry.position, error);
    return { ...outcome, applied: false, error };
  };
  const projection = options.projections.find((candidate) => candidate.name === entry.projection);
  if (!projection) return { ...outcome, applied: false, error: { code: 'unknown_projection', message: 'no such projection runs any more' } };
  const event = await readEventAt(options.store, entry.position);
  if (!event || event.id !== entry.eventId) return fail({ code: 'event_not_found', message: 'the event is not in the store at that position' });
  let input: ProjectionInput;
  try {
    input = projection.input === 'stored' ? { decoded: [], stored: [event] } : { decoded: [decodeEvent(options.registry, event)], stored: [] };
  } catch (error) {
    return fail(describeDecodeFailure(error));
  }
  try {
    await options.db.transaction().execute(async (trx) => {
      // Holding the checkpoint row keeps the live projector off this projection's tables meanwhile.
      const checkpoint = await sql<{ position: string }>`
        select position from ${sql.id(schema, 'projection_checkpoints')} where name = ${projection.name} for update`.execute(trx);
      if (!(await unparkEvent(trx, schema, entry.projection, entry.position))) return;
      const changes = new ChangeSet();
      // Typed like the runner's transactions: each projection narrows it to its own tables.
      await applyProjection(projection, asReadModels<AnyReadModels>(trx), schema, input, changes);
      const position = checkpoint.rows[0]?.position;
      if (schema === READ_SCHEMA && position) {
        await publishChangeNotice(trx, position, [projection.name], changes);
      }
    });
  } catch (error) {
    return fail(describeFailure(error));
  }
  return { ...outcome, applied: true };
}

/** The one event at `position`: read from just before it (no position lies between the two). */
async function readEventAt(store: EventStore, position: Position): Promise<RecordedEvent | null> {
  const { major, minor } = decodePosition(position);
  if (minor === 0n) return null;
  const [event] = await store.readAll(encodePosition(major, minor - 1n), { batchSize: 1 });
  return event?.position === position ? event : null;
}
