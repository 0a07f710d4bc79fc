import { PostgresEventStore, groupStream } from '@civitas/events';
import { projections } from '@civitas/projector';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';
import { openVault } from '@civitas/service-kit/personal-data';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';
import { randomBytes } from 'node:crypto';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu, type CpuUse } from './lib/cpu';
import { quiesce, settleWarmedTables, type BenchDatabase } from './lib/database';
import { BENCH_GROUP_ID_BASE, groupCreatedEvent } from './lib/events';
import { closedLoop, type Throughput } from './lib/measure';
import { startProjectorProcess, type ProjectorProcess } from './lib/projector-process';
import { emit, progress } from './lib/report';

const TARGET_RATIO = 0.95;
const WRITERS = 8;
/**
 * Measured slices, A B B A four times over (A: without the projection), so a drift over the run
 * weighs on both sides alike; short and many, as the commit latency the appends wait on comes and
 * goes over seconds on a shared disk. Each lasts half of BENCH_SECONDS.
 */
const ORDER = Array.from({ length: 4 }, () => ['without', 'with', 'with', 'without'] as const).flat();
/** Unmeasured lead-in of every slice (the connections are warm already). */
const SLICE_LEAD_IN_SECONDS = 0.5;
/** How long a started projector may take to catch up with the A slices' events before a B slice. */
const CATCH_UP_WAIT_MS = 60_000;

interface Side {
  events: number;
  seconds: number;
  /** Core-seconds per source over the side's slices. */
  node: number;
  children: number;
  /** Null when a slice could not see the server's processes (a server on another host). */
  postgres: number | null;
  machine: number;
}

const emptySide = (): Side => ({ events: 0, seconds: 0, node: 0, children: 0, postgres: 0, machine: 0 });
const perSecond = (side: Side) => side.events / side.seconds;
const sideCpu = (side: Side): CpuUse => ({
  node: side.node / side.seconds,
  postgres: side.postgres === null ? null : side.postgres / side.seconds,
  machine: side.machine / side.seconds,
  ...(side.children > 0 ? { children: side.children / side.seconds } : {}),
});

/**
 * What runs beside the appends in each side's slices: the projections of a projector process, none
 * for no process at all.
 */
interface Arrangement {
  name: string;
  without: readonly string[];
  with: readonly string[];
}

const ARRANGEMENTS = (): Arrangement[] => {
  const others = projections.map((projection) => projection.name).filter((name) => name !== 'merkle_log');
  return [
    // As production runs it: a projector of every projection, with and without the Merkle log.
    { name: 'beside every other projection', without: others, with: [...others, 'merkle_log'] },
    // The Merkle log alone against no projector at all: what following the store costs, on top.
    { name: 'alone against no projector', without: [], with: ['merkle_log'] },
  ];
};

/**
 * Appends with the Merkle log projection running beside them, against the same appends without it
 * (issue 15: the tree is built in the projector, never in the append path), in two arrangements
 * (ARRANGEMENTS). A projector runs in a process of its own, as production runs it; before each
 * slice the side's projector is started and caught up with the other side's events unmeasured, so
 * each slice measures following the store, and a checkpoint before every slice keeps one slice's
 * flushing out of the next. One A-B-A pass used to be the figure: its two A passes differed by up
 * to a third on a noisy day.
 */
export async function benchMerkle(database: BenchDatabase, config: BenchConfig): Promise<void> {
  const merkleDatabase = await database.sibling('merkle');
  const db = createKysely(merkleDatabase.url, { applicationName: 'civitas-bench' });
  await migrateToLatest(db, platformMigrations);
  // merkle_log blinds its leaves with a platform secret kept by the vault, as every process opens it.
  const vaultKey = randomBytes(32);
  await openVault(db, { key: vaultKey, source: 'the Merkle bench' });
  const store = new PostgresEventStore({ connectionString: merkleDatabase.url });
  let nextGroup = BENCH_GROUP_ID_BASE;
  const appends = (seconds: number, warmupSeconds: number): Promise<Throughput> =>
    closedLoop({
      writers: WRITERS,
      warmupSeconds,
      seconds,
      operation: async () => {
        const groupId = nextGroup++;
        await store.append(groupStream(groupId), [groupCreatedEvent(groupId)], 'no_stream');
        return 1;
      },
    });
  const caughtUp = async (names: readonly string[]) => {
    for (const name of names) {
      if (!(await projectionCaughtUp(store, db, name, CATCH_UP_WAIT_MS))) throw new Error(`${name} did not catch up within ${CATCH_UP_WAIT_MS / 1000} s`);
    }
  };
  const projector: { names: readonly string[]; process: ProjectorProcess | null } = { names: [], process: null };
  /** Makes these the running projector's projections (none: no process); returns its pid to measure. */
  const runOnly = async (names: readonly string[]): Promise<number[]> => {
    if (projector.names !== names) {
      await projector.process?.stop();
      projector.process = names.length > 0 ? await startProjectorProcess(merkleDatabase.url, names, vaultKey) : null;
      projector.names = names;
    }
    return projector.process ? [projector.process.pid] : [];
  };
  try {
    for (const arrangement of ARRANGEMENTS()) {
      // Warm-up (JIT, pools, the first batches, the read models' first rows), unmeasured.
      await runOnly(arrangement.with);
      await appends(0, config.warmupSeconds);
      await caughtUp(arrangement.with);
      await settleWarmedTables(store.pool, ['events', 'streams']);
      const sides = { without: emptySide(), with: emptySide() };
      const slices: string[] = [];
      for (const side of ORDER) {
        const names = arrangement[side];
        const pids = await runOnly(names);
        // Started, it answers once caught up; running, it finishes the last slice's events.
        await caughtUp(names);
        await quiesce(store.pool);
        const { result, cpu } = await withCpu(store.pool, () => appends(config.seconds / 2, SLICE_LEAD_IN_SECONDS), pids);
        const totals = sides[side];
        totals.events += result.units;
        totals.seconds += result.seconds;
        totals.node += cpu.node * result.seconds;
        totals.children += (cpu.children ?? 0) * result.seconds;
        totals.postgres = totals.postgres === null || cpu.postgres === null ? null : totals.postgres + cpu.postgres * result.seconds;
        totals.machine += cpu.machine * result.seconds;
        slices.push(`${side === 'with' ? 'B' : 'A'} ${result.perSecond.toFixed(0)}/s`);
      }
      progress(`merkle ${arrangement.name}, slices (A without, B with the projection): ${slices.join(', ')}`);
      progress(`appends without the Merkle projection: ${perSecond(sides.without).toFixed(0)}/s ${cpuNote(sideCpu(sides.without), 'merkle A')}`);
      progress(`appends with the Merkle projection running: ${perSecond(sides.with).toFixed(0)}/s ${cpuNote(sideCpu(sides.with), 'merkle B')}`);
      emit({
        figure: `single-event appends, ${WRITERS} writers, with the Merkle log projection running ${arrangement.name} (baseline: the same appends without it, 16 interleaved slices A B B A ...)`,
        value: perSecond(sides.with),
        unit: 'events/s',
        baseline: perSecond(sides.without),
        target: `>= ${TARGET_RATIO}x`,
        meets: perSecond(sides.with) >= TARGET_RATIO * perSecond(sides.without),
      });
    }
  } finally {
    await runOnly([]);
    await store.close();
    await db.destroy();
  }
}
