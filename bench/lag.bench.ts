import { PostgresEventStore, groupStream, type EventRegistry, type Position } from '@civitas/events';
import { ProjectorService, type Projection } from '@civitas/projector';
import { READ_MODELS_CHANNEL, type ChangeNotice } from '@civitas/service-kit/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { BenchConfig } from './lib/config';
import { quiesce } from './lib/database';
import { BENCH_GROUP_ID_BASE, groupCreatedEvent } from './lib/events';
import { cpuNote, withCpu } from './lib/cpu';
import { lagsTo, summarise, type Append, type Latencies } from './lib/latency';
import { now, openLoop } from './lib/measure';
import { NoticeListener } from './lib/notices';
import { emit, progress } from './lib/report';

const TARGET_P99_MS = 50;
const PING_CHANNEL = 'civitas_bench_ping';
/** Lag appends create groups far above the generated ones. */
const LAG_GROUP_ID_BASE = BENCH_GROUP_ID_BASE + 500_000_000;

/** Baseline: `select pg_notify` through the pool → the LISTEN connection hears it, at the lag figure's rate. */
async function notifyRoundTrip(store: PostgresEventStore, url: string, config: BenchConfig): Promise<Latencies> {
  const listener = await NoticeListener.open(url, PING_CHANNEL);
  const sent = new Map<string, number>();
  const ping = async (index: number) => {
    const payload = String(index);
    sent.set(payload, now());
    await store.pool.query({ name: 'bench_ping', text: 'select pg_notify($1, $2)', values: [PING_CHANNEL, payload] });
  };
  const seconds = Math.min(5, config.lagSeconds);
  await openLoop(config.lagRate, config.warmupSeconds, (i) => ping(-1 - i));
  const firstMeasured = listener.heard.length;
  await openLoop(config.lagRate, seconds, ping);
  await listener.until(() => listener.heard.filter((h) => !h.payload.startsWith('-')).length >= Math.round(config.lagRate * seconds), 5000);
  await listener.close();
  const lags = listener.heard.slice(firstMeasured).flatMap((heard) => {
    const at = sent.get(heard.payload);
    return at === undefined || heard.payload.startsWith('-') ? [] : [heard.at - at];
  });
  return summarise(lags);
}

/**
 * Appends GroupCreated events to new group streams at a steady rate while a ProjectorService
 * projects them; measures append committed → runner committed and → change notice heard.
 * `ownStore`: the projector reads through a store of its own, woken only by the appenders'
 * NOTIFY, as when it runs as a separate process.
 */
async function projectionLag(
  options: { store: PostgresEventStore; db: Kysely<PlatformDatabase>; registry: EventRegistry; projections: readonly Projection[]; url: string },
  config: BenchConfig,
  ownStore: boolean,
  firstGroup: number,
) {
  const listener = await NoticeListener.open(options.url, READ_MODELS_CHANNEL);
  const projectorStore = ownStore ? new PostgresEventStore({ connectionString: options.url }) : options.store;
  const projector = new ProjectorService({ ...options, store: projectorStore, connectionString: options.url });
  const committed: Array<{ position: Position; at: number }> = [];
  projector.on('committed', ({ position }) => committed.push({ position, at: now() }));
  await projector.start();
  await quiesce(options.store.pool);

  let group = firstGroup;
  const appends: Append[] = [];
  const appendLatency: number[] = [];
  let failures = 0;
  const append = (record: boolean) => async () => {
    const groupId = group++;
    const event = groupCreatedEvent(groupId);
    const issuedAt = now();
    try {
      const { position } = await options.store.append(groupStream(groupId), [event], 'no_stream');
      const committedAt = now();
      if (record) {
        appends.push({ position, committedAt });
        appendLatency.push(committedAt - issuedAt);
      }
    } catch (error) {
      failures += 1;
      if (failures === 1) progress(`lag append failed: ${String(error)}`);
    }
  };
  await openLoop(config.lagRate, config.warmupSeconds, append(false));
  const { result: schedule, cpu } = await withCpu(options.store.pool, () => openLoop(config.lagRate, config.lagSeconds, append(true)));
  const last = appends.reduce<Position>((max, item) => (item.position > max ? item.position : max), '');
  const noticePosition = (index: number) => (JSON.parse(listener.heard[index]!.payload) as ChangeNotice).position;
  const caughtUp = await listener.until(() => listener.heard.length > 0 && noticePosition(listener.heard.length - 1) >= last, 15_000);
  const giveUpAt = now();
  await projector.stop();
  if (ownStore) await projectorStore.close();
  await listener.close();

  const notices = listener.heard.map((heard) => ({ position: (JSON.parse(heard.payload) as ChangeNotice).position, at: heard.at }));
  const toNotice = lagsTo(appends, notices, giveUpAt);
  const toCommit = lagsTo(appends, committed, giveUpAt);
  const latency = summarise(appendLatency);
  progress(
    `lag (${ownStore ? 'own store' : 'shared store'}): ${appends.length} appends at ${(schedule.issued / schedule.seconds).toFixed(0)}/s, ` +
      `append latency p50 ${latency.p50.toFixed(2)} ms p99 ${latency.p99.toFixed(2)} ms, ${failures} failed, ` +
      `${notices.length} notices (${(appends.length / Math.max(1, notices.length)).toFixed(1)} appends each), ` +
      `${toNotice.early} notices before the append reply, ${toNotice.missing} never noticed${caughtUp ? '' : ' (gave up waiting)'} ${cpuNote(cpu, `lag run (${ownStore ? 'own store' : 'shared store'})`)}`,
  );
  return {
    rate: schedule.issued / schedule.seconds,
    ok: failures === 0 && toNotice.missing === 0,
    notice: summarise(toNotice.lags),
    committed: summarise(toCommit.lags),
  };
}

export async function benchLag(
  options: { store: PostgresEventStore; db: Kysely<PlatformDatabase>; registry: EventRegistry; projections: readonly Projection[]; url: string },
  config: BenchConfig,
): Promise<void> {
  const ping = await notifyRoundTrip(options.store, options.url, config);
  progress(`pg_notify round trip: p50 ${ping.p50.toFixed(2)} ms, p99 ${ping.p99.toFixed(2)} ms over ${ping.count}`);

  const runs = [
    { ownStore: false, label: "projector in-process on the appenders' store" },
    { ownStore: true, label: 'projector on its own store, woken by NOTIFY' },
  ];
  let firstGroup = LAG_GROUP_ID_BASE;
  for (const run of runs) {
    const result = await projectionLag(options, config, run.ownStore, firstGroup);
    firstGroup += Math.ceil(config.lagRate * (config.lagSeconds + config.warmupSeconds)) + 1;
    const steady = Math.abs(result.rate - config.lagRate) <= config.lagRate * 0.02;
    emit({
      figure: `lag run: steady append rate (${run.label})`,
      value: result.rate,
      unit: 'appends/s',
      baseline: config.lagRate,
      target: `${config.lagRate}/s +-2%, no failed or unnoticed appends`,
      meets: steady && result.ok,
    });
    for (const p of ['p50', 'p99'] as const) {
      for (const [what, lat] of [
        ['append committed -> change notice received', result.notice],
        ['append committed -> read model committed', result.committed],
      ] as const) {
        emit({
          figure: `projection lag ${p}, ${what} at ${config.lagRate} appends/s (${run.label})`,
          value: lat[p],
          unit: 'ms',
          baseline: ping[p],
          target: `<= ${TARGET_P99_MS} ms`,
          meets: lat[p] <= TARGET_P99_MS,
        });
      }
    }
  }
}
