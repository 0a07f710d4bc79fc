import { randomUUID } from 'node:crypto';
import type { EventRegistry, PostgresEventStore } from '@civitas/events';

/** Rows written per INSERT. */
const INSERT_CHUNK = 5000;

export interface GeneratedEvent {
  stream: string;
  type: string;
  data: unknown;
}

/**
 * Writes events straight into the store's tables (as generate.ts does), each row the append path's
 * shape: validated data, a command's metadata, stream versions counted from 1 (new streams only).
 */
export async function insertEvents(store: PostgresEventStore, registry: EventRegistry, rows: readonly GeneratedEvent[]): Promise<void> {
  const versions = new Map<string, number>();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const streams: string[] = [];
    const positions: number[] = [];
    for (const row of chunk) {
      const version = (versions.get(row.stream) ?? 0) + 1;
      versions.set(row.stream, version);
      streams.push(row.stream);
      positions.push(version);
    }
    const data = chunk.map((row) => JSON.stringify(registry.prepare({ type: row.type, data: row.data }).data));
    const metadata = chunk.map((row) =>
      JSON.stringify({ commandId: randomUUID(), time: new Date().toISOString(), schemaVersion: registry.versionOf(row.type) }),
    );
    await store.pool.query(
      `insert into events (stream_id, stream_position, event_id, type, data, metadata)
       select s, p, gen_random_uuid(), t, d::jsonb, m::jsonb from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[]) as x(s, p, t, d, m)`,
      [streams, positions, chunk.map((row) => row.type), data, metadata],
    );
  }
  const ids = [...versions.keys()];
  await store.pool.query(
    `insert into streams (stream_id, version) select * from unnest($1::text[], $2::bigint[])
     on conflict (stream_id) do update set version = excluded.version`,
    [ids, ids.map((id) => versions.get(id)!)],
  );
}
