import { PostgresEventStore, groupStream } from '@civitas/events';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';
import { openVault } from '@civitas/service-kit/personal-data';
import { randomBytes } from 'node:crypto';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu } from './lib/cpu';
import { quiesce, type BenchDatabase } from './lib/database';
import { BENCH_GROUP_ID_BASE, groupCreatedEvent } from './lib/events';
import { closedLoop, type Throughput } from './lib/measure';
import { startProjectorProcess } from './lib/projector-process';
import { emit, progress } from './lib/report';

const TARGET_RATIO = 0.95;
const WRITERS = 8;

/**
 * Appends with the Merkle log projection running beside them, against the same appends without it
 * (issue 15: the tree is built in the projector, never in the append path). A-B-A on a database of
 * its own: appends alone, then with a projector running only `merkle_log` in a process of its own (as
 * production runs the projector), then alone again; the baseline is the mean of both A.
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
  const appends = (): Promise<Throughput> =>
    closedLoop({
      writers: WRITERS,
      warmupSeconds: config.warmupSeconds,
      seconds: config.seconds,
      operation: async () => {
        const groupId = nextGroup++;
        await store.append(groupStream(groupId), [groupCreatedEvent(groupId)], 'no_stream');
        return 1;
      },
    });
  try {
    const before = await withCpu(store.pool, appends);
    progress(`appends without the Merkle projection: ${before.result.perSecond.toFixed(0)}/s ${cpuNote(before.cpu, 'merkle A1')}`);

    const projector = await startProjectorProcess(merkleDatabase.url, ['merkle_log'], vaultKey); // caught up with A1's events before the measured window
    const during = await withCpu(store.pool, appends, [projector.pid]);
    await projector.stop();
    progress(`appends with the Merkle projection running: ${during.result.perSecond.toFixed(0)}/s ${cpuNote(during.cpu, 'merkle B')}`);

    await quiesce(store.pool);
    const after = await withCpu(store.pool, appends);
    progress(`appends without the Merkle projection again: ${after.result.perSecond.toFixed(0)}/s ${cpuNote(after.cpu, 'merkle A2')}`);

    const baseline = (before.result.perSecond + after.result.perSecond) / 2;
    emit({
      figure: `single-event appends, ${WRITERS} writers, with the Merkle log projection running (baseline: the same appends without it, before and after)`,
      value: during.result.perSecond,
      unit: 'events/s',
      baseline,
      target: `>= ${TARGET_RATIO}x`,
      meets: during.result.perSecond >= TARGET_RATIO * baseline,
    });
  } finally {
    await store.close();
    await db.destroy();
  }
}
