import { PostgresEventStore, eventStoreMigrations, type NewEvent } from '@civitas/events';
import { createKysely, migrateToLatest } from '@civitas/service-kit';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu } from './lib/cpu';
import { quiesce, settleWarmedTables, type BenchDatabase } from './lib/database';
import { BENCH_GROUP_ID_BASE, groupCreatedEvent } from './lib/events';
import { closedLoop } from './lib/measure';
import { emit, progress } from './lib/report';

const RAW_TABLE = 'bench_raw_events';
/** Group commit gathers concurrent single-event appends into one statement: with 8 writers they must beat raw INSERTs. */
const targetRatio = (batch: number, writers: number) => (batch === 1 && writers > 1 ? 1.0 : 0.8);
/** Each side's measured time is cut in slices of this many seconds, alternated ABBA. */
const SLICE_SECONDS = 1;

interface Work {
  streamId: string;
  events: NewEvent[];
}

/** Raw multi-row INSERT of `rows` events: autocommit, one statement, the columns the store writes. */
function rawInsertSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => {
    const p = row * 5;
    return `($${p + 1}, ${row + 1}, $${p + 2}::uuid, $${p + 3}, $${p + 4}::jsonb, $${p + 5}::jsonb)`;
  });
  return `insert into ${RAW_TABLE} (stream_id, stream_position, event_id, type, data, metadata)
    values ${tuples.join(', ')} returning transaction_id::text, global_position`;
}

const rawValues = (work: Work) =>
  work.events.flatMap((event) => [work.streamId, event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)]);

/**
 * PostgresEventStore.append of GroupCreated events to new streams against raw INSERTs into a
 * copy of `events` (same columns, defaults and indexes) through the same pool, with 1 and 8
 * writers, single events and 10-event batches. On a sibling database of its own: `events` is
 * append-only (no TRUNCATE), so the figures that follow start from an empty store elsewhere.
 */
export async function benchAppends(database: BenchDatabase, config: BenchConfig): Promise<void> {
  const appendsDatabase = await database.sibling('appends');
  const db = createKysely(appendsDatabase.url, { applicationName: 'civitas-bench' });
  await migrateToLatest(db, eventStoreMigrations);
  await db.destroy();
  const store = new PostgresEventStore({ connectionString: appendsDatabase.url });
  try {
    await measureAppends(store, config);
  } finally {
    await store.close();
  }
}

async function measureAppends(store: PostgresEventStore, config: BenchConfig): Promise<void> {
  const pool = store.pool; // the same pool: raw INSERTs use the store's own connections
  await pool.query(`create table ${RAW_TABLE} (like events including all)`);
  let nextGroup = BENCH_GROUP_ID_BASE;
  // Both sides build their events (zod, uuids) the same way inside the loop, 64 at a time.
  const next = (queue: Work[], batch: number): Work => {
    if (queue.length === 0) {
      for (let i = 0; i < 64; i += 1) {
        const groupId = nextGroup++;
        queue.push({ streamId: `bench-append-${groupId}`, events: Array.from({ length: batch }, () => groupCreatedEvent(groupId)) });
      }
    }
    return queue.pop()!;
  };
  const loop = (writers: number, batch: number, seconds: number, warmupSeconds: number, operation: (work: Work) => Promise<unknown>) => {
    const queues = Array.from({ length: writers }, () => [] as Work[]);
    return closedLoop({
      writers,
      warmupSeconds,
      seconds,
      operation: async (writer) => {
        await operation(next(queues[writer]!, batch));
        return batch;
      },
    });
  };

  for (const batch of [1, 10]) {
    const text = rawInsertSql(batch);
    const name = `bench_raw_insert_${batch}`;
    for (const writers of [1, 8]) {
      const what =
        batch === 1
          ? `single-event appends to distinct streams, ${writers} writer${writers > 1 ? 's' : ''}`
          : `10-event batch appends, ${writers} writer${writers > 1 ? 's' : ''}`;
      const sides = {
        store: (work: Work) => store.append(work.streamId, work.events, 'no_stream'),
        raw: (work: Work) => pool.query({ name, text, values: rawValues(work) }),
      };
      await quiesce(pool);
      // Warm both sides up, then alternate short slices (ABBA ABBA ...) so that table growth,
      // checkpoints and load from elsewhere on the machine weigh on both alike.
      for (const side of ['store', 'raw'] as const) await loop(writers, batch, 0, config.warmupSeconds, sides[side]);
      await settleWarmedTables(pool, ['events', 'streams', RAW_TABLE]);
      const slices = Math.max(1, Math.round(config.seconds / SLICE_SECONDS));
      const totals = { store: { units: 0, seconds: 0 }, raw: { units: 0, seconds: 0 } };
      const { cpu } = await withCpu(pool, async () => {
        for (let i = 0; i < 2 * slices; i += 1) {
          const side = ((i + 1) >> 1) % 2 === 0 ? 'store' : 'raw';
          const result = await loop(writers, batch, config.seconds / slices, 0, sides[side]);
          totals[side].units += result.units;
          totals[side].seconds += result.seconds;
        }
      });
      const storeRate = totals.store.units / totals.store.seconds;
      const rawRate = totals.raw.units / totals.raw.seconds;
      progress(`${what}: store ${Math.round(storeRate)}, raw INSERT ${Math.round(rawRate)} events/s ${cpuNote(cpu, what)}`);
      emit({
        figure: what,
        value: storeRate,
        unit: 'events/s',
        baseline: rawRate,
        target: `>= ${targetRatio(batch, writers).toFixed(1)}x raw INSERT`,
        meets: storeRate >= targetRatio(batch, writers) * rawRate,
      });
    }
  }
  await pool.query(`drop table ${RAW_TABLE}`);
}
