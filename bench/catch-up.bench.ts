import { START_POSITION, type PostgresEventStore, type Position } from '@civitas/events';
import type { BenchConfig } from './lib/config';
import { quiesce } from './lib/database';
import { assertDecodes } from './lib/generate';
import { cpuNote, withCpu } from './lib/cpu';
import { now } from './lib/measure';
import { emit, progress } from './lib/report';

const TARGET = 150_000;

// The store's read query without its snapshot rule, returning the same columns, mapped by nothing.
const RAW_SELECT = `select transaction_id::text as tx, global_position, stream_id, stream_position, event_id, type, data, metadata, recorded_at
  from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
  order by transaction_id, global_position limit $3`;

/** Reads every event from START with the store's readAll, in batches, one after another. */
async function readAllThrough(store: PostgresEventStore, batchSize: number, limit = Number.POSITIVE_INFINITY): Promise<number> {
  let position: Position = START_POSITION;
  let total = 0;
  while (total < limit) {
    const batch = await store.readAll(position, { batchSize });
    if (batch.length === 0) break;
    if (total === 0) assertDecodes(batch.slice(0, 10));
    total += batch.length;
    position = batch[batch.length - 1]!.position;
  }
  return total;
}

/** The same rows with a plain keyset SELECT through node-postgres. */
async function rawSelectThrough(store: PostgresEventStore, batchSize: number, limit = Number.POSITIVE_INFINITY): Promise<number> {
  let tx = '0';
  let globalPosition = '0';
  let total = 0;
  while (total < limit) {
    const result = await store.pool.query<{ tx: string; global_position: string }>({
      name: 'bench_raw_select',
      text: RAW_SELECT,
      values: [tx, globalPosition, batchSize],
    });
    if (result.rows.length === 0) break;
    total += result.rows.length;
    const last = result.rows[result.rows.length - 1]!;
    tx = last.tx;
    globalPosition = last.global_position;
  }
  return total;
}

/** Catch-up read events/s over every event in the store (the generated ones), against a raw SELECT. */
export async function benchCatchUp(store: PostgresEventStore, config: BenchConfig, expected: number): Promise<void> {
  const warm = Math.min(expected, 100_000);
  await readAllThrough(store, config.readBatch, warm);
  await rawSelectThrough(store, config.readBatch, warm);
  await quiesce(store.pool);

  const timed = async (label: string, read: () => Promise<number>) => {
    const started = now();
    const { result: events, cpu } = await withCpu(store.pool, read);
    const seconds = (now() - started) / 1000;
    if (events !== expected) throw new Error(`${label} read ${events} events, expected ${expected}`);
    progress(`${label}: ${events} events in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s ${cpuNote(cpu, label)}`);
    return events / seconds;
  };
  // Raw, store, store, raw: the better of two passes each, so one cold cache, a stray
  // checkpoint or a burst of other load on the machine does not decide the figure.
  const raw: number[] = [];
  const reads: number[] = [];
  for (const [pass, side] of (['raw', 'store', 'store', 'raw'] as const).entries()) {
    const label = `catch-up ${side === 'raw' ? 'raw SELECT' : 'readAll'}, pass ${(pass >> 1) + 1}`;
    if (side === 'raw') raw.push(await timed(label, () => rawSelectThrough(store, config.readBatch)));
    else reads.push(await timed(label, () => readAllThrough(store, config.readBatch)));
  }
  const value = Math.max(...reads);
  emit({
    figure: `catch-up read over ${expected} events (readAll, batches of ${config.readBatch})`,
    value,
    unit: 'events/s',
    baseline: Math.max(...raw),
    target: `>= ${TARGET} events/s`,
    meets: value >= TARGET,
  });
}
