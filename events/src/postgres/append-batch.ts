import type pg from 'pg';
import { encodePosition } from '../position';
import type { AppendResult } from '../event-store';

/** One append as the SQL takes it; `expectedCode`: -1 any, -2 no_stream, -3 exists, n >= 0 the version. */
export interface AppendRequest {
  streamId: string;
  expectedCode: number;
  ids: string[];
  types: string[];
  data: string[];
  metadata: string[];
}

/**
 * Many appends to distinct streams in one statement, so one round trip and one transaction: each
 * append's version check is its own (a row of `streams` it creates or moves), and only the events of
 * appends that passed it are inserted, in the batch's order (global order = position order, one
 * transaction id, all visible at once on commit). An append that does not land here (a conflict, or
 * ids already stored: a retry) is left for the single-append path to settle precisely.
 */
const APPEND_BATCH_SQL = `with a as (
    select * from unnest($1::text[], $2::bigint[], $3::int[]) with ordinality as a(stream_id, expected, n, ord)),
  e as (
    select * from unnest($4::int[], $5::int[], $6::uuid[], $7::text[], $8::text[], $9::text[])
      with ordinality as e(app, idx, id, t, d, m, ord)),
  -- 'any' and 'exists' pass the version check on a retry: stored ids send them to the precise path.
  retried as (
    select distinct e.app from e join a on a.ord = e.app
    join events v on v.stream_id = a.stream_id and v.event_id = e.id
    where a.expected in (-1, -3)),
  -- A stream another transaction holds is left to the single path, which waits for it: one long
  -- lock elsewhere never holds up the whole batch.
  ours as (
    select s.stream_id from streams s where s.stream_id = any($1::text[])
    order by s.stream_id for update skip locked),
  fresh as (
    select * from a where a.ord not in (select app from retried)
      and not exists (select 1 from streams s where s.stream_id = a.stream_id and s.stream_id not in (select stream_id from ours))),
  created as (
    insert into streams (stream_id, version)
    select stream_id, n from fresh where expected in (-2, 0) order by stream_id
    on conflict (stream_id) do nothing
    returning stream_id, 0::bigint as before),
  anys as (
    insert into streams as s (stream_id, version)
    select stream_id, n from fresh where expected = -1 order by stream_id
    on conflict (stream_id) do update set version = s.version + excluded.version
    returning stream_id, version),
  moved as (
    update streams s set version = s.version + f.n from fresh f
    where s.stream_id = f.stream_id and (f.expected = -3 or (f.expected > 0 and s.version = f.expected))
    returning s.stream_id, s.version - f.n as before),
  landed as (
    select stream_id, before from created
    union all select y.stream_id, y.version - f.n from anys y join fresh f using (stream_id)
    union all select stream_id, before from moved)
  insert into events (stream_id, stream_position, event_id, type, data, metadata)
  select a.stream_id, l.before + e.idx, e.id, e.t, e.d::jsonb, e.m::jsonb
  from e join a on a.ord = e.app join landed l on l.stream_id = a.stream_id
  order by e.ord
  returning stream_id, stream_position, transaction_id::text as tx, global_position`;

interface LandedRow {
  stream_id: string;
  stream_position: string;
  tx: string;
  global_position: string;
}

/** Writes the appends (distinct streams) in one statement; returns the result of each that landed, by stream. */
export async function appendBatch(pool: pg.Pool, requests: readonly AppendRequest[]): Promise<Map<string, AppendResult>> {
  const events = requests.flatMap((request, index) => request.ids.map((_, at) => ({ request, app: index + 1, idx: at + 1 })));
  const result = await pool.query<LandedRow>({
    name: 'civitas_append_batch',
    text: APPEND_BATCH_SQL,
    values: [
      requests.map((request) => request.streamId),
      requests.map((request) => request.expectedCode),
      requests.map((request) => request.ids.length),
      events.map((event) => event.app),
      events.map((event) => event.idx),
      events.map((event) => event.request.ids[event.idx - 1]),
      events.map((event) => event.request.types[event.idx - 1]),
      events.map((event) => event.request.data[event.idx - 1]),
      events.map((event) => event.request.metadata[event.idx - 1]),
    ],
  });
  const landed = new Map<string, { nextVersion: number; last: LandedRow }>();
  for (const row of result.rows) {
    const seen = landed.get(row.stream_id);
    const version = Number(row.stream_position);
    if (!seen) landed.set(row.stream_id, { nextVersion: version, last: row });
    else {
      seen.nextVersion = Math.max(seen.nextVersion, version);
      if (BigInt(row.global_position) > BigInt(seen.last.global_position)) seen.last = row;
    }
  }
  return new Map([...landed].map(([streamId, { nextVersion, last }]) => [streamId, { nextVersion, position: encodePosition(last.tx, last.global_position) }]));
}
