import { GROUP_DEPARTMENTS, createEventRegistry, type RecordedEvent } from '@civitas/events';
import type pg from 'pg';
import { groupCreatedData } from './events';
import { now } from './measure';
import { progress } from './report';

const CHUNK = 100_000;

/**
 * Writes `count` GroupCreated events (one per new group stream, group ids first..first+count-1)
 * straight into `events` and `streams` with INSERT ... SELECT, in chunks of one transaction
 * each; the same data the append path would store, at a fraction of the time.
 */
export async function generateGroupCreated(pool: pg.Pool, first: number, count: number): Promise<void> {
  const started = now();
  const departments = `array[${GROUP_DEPARTMENTS.map((d) => `'${d}'`).join(',')}]`;
  for (let from = first; from < first + count; from += CHUNK) {
    const to = Math.min(first + count, from + CHUNK) - 1;
    await pool.query(
      `with g as (select g, gen_random_uuid()::text as command_id from generate_series($1::int, $2::int) g),
       s as (insert into streams (stream_id, version) select 'group-' || g, 1 from g)
       insert into events (stream_id, stream_position, event_id, type, data, metadata)
       select 'group-' || g, 1, gen_random_uuid(), 'GroupCreated',
         jsonb_build_object(
           'groupId', g,
           'name', 'Bench group ' || g,
           'description', 'A group created by the benchmark to measure appends, catch-up reads and projection (' || g || ').',
           'department', (${departments})[1 + g % ${GROUP_DEPARTMENTS.length}],
           'subcategory', case when g % 2 = 0 then null else 'bench' end,
           'subscriptionType', (array['free','premium','elite'])[1 + g % 3],
           'features', '["Discussion topics","Opinion voting","Real-time chat","Vote delegation"]'::jsonb,
           'ownerId', '00000000-0000-4000-8000-' || lpad((g % 10000)::text, 12, '0')),
         jsonb_build_object(
           'actorId', '00000000-0000-4000-8000-' || lpad((g % 10000)::text, 12, '0'),
           'commandId', command_id, 'correlationId', command_id, 'causationId', command_id,
           'time', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'schemaVersion', 1)
       from g order by g`,
      [from, to],
    );
  }
  await pool.query('vacuum (analyze) events, streams');
  progress(`generated ${count} GroupCreated events in ${((now() - started) / 1000).toFixed(1)} s (incl. vacuum analyze)`);
}

/** Guards the figures: generated events must decode exactly like appended ones, or projections would skip them. */
export function assertDecodes(events: readonly RecordedEvent[]): void {
  const registry = createEventRegistry();
  for (const event of events) {
    const decoded = registry.decode(event) as { data: { groupId: number } };
    const expected = groupCreatedData(decoded.data.groupId);
    if (JSON.stringify(decoded.data) !== JSON.stringify(expected)) {
      throw new Error(`generated event ${event.id} differs from the append path's data: ${JSON.stringify(decoded.data)}`);
    }
  }
}
