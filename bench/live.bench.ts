import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { startBenchPlatform } from './lib/bench-platform';
import type { BenchConfig } from './lib/config';
import type { BenchDatabase } from './lib/database';
import { summarise } from './lib/latency';
import { LiveLoad } from './lib/live-load';
import type { LatencyResult, ThroughputResult } from './lib/live-worker';
import { now } from './lib/measure';
import { emit, progress } from './lib/report';
import { activityNote, withServerActivity, type ServerActivity } from './lib/server-activity';
import { inBatches } from './lib/setup';
import { expectStatus, registerMember, subscribeMonthly } from '../test-support/members';

/** Sockets subscribed to the one topic; the platform allows 8 per member on a process. */
const SOCKETS = 1000;
const SOCKETS_PER_MEMBER = 8;
/** Members who send the timed chat frames: 210 frames in ~11 s stay under the limit of 30 a minute each. */
const SENDERS = 10;
/** Islam's religion group: anyone may take part, so the senders need no subscription. */
const RELIGION_GROUP = 2;
const LATENCY_MESSAGES = 200;
const LATENCY_WARMUP_MESSAGES = 10;
const LATENCY_INTERVAL_MS = 50;
/** Messages in flight (sent, not yet at every socket) during the throughput figure. */
const WINDOW = 32;
const TARGET_P99_MS = 100;
const REGISTRATION_CONCURRENCY = 4;

/** Members registered through the API, one topic in the religion group opened by a subscribed author. */
async function setUp(baseUrl: string) {
  const started = now();
  const runId = randomBytes(4).toString('hex');
  const watchers = Math.ceil(SOCKETS / SOCKETS_PER_MEMBER);
  const members = await inBatches(watchers + SENDERS, REGISTRATION_CONCURRENCY, (index) =>
    registerMember(baseUrl, { email: `bench.live.${runId}.${index}@example.org` }),
  );
  const author = members[watchers]!;
  await subscribeMonthly(author.client, baseUrl);
  const topic = await expectStatus(
    'create topic',
    await author.client.post('/api/topics', {
      title: 'Bench: a busy topic chat',
      description: 'A thousand open pages follow this topic\u2019s chat as it happens.',
      groupId: RELIGION_GROUP,
    }),
    201,
  );
  const watcherCookies = Array.from({ length: SOCKETS }, (_, index) => members[Math.floor(index / SOCKETS_PER_MEMBER)]!.client.cookieHeader);
  progress(`live: ${members.length} members registered, topic in group ${RELIGION_GROUP} in ${((now() - started) / 1000).toFixed(1)} s`);
  return { topicId: topic.topic.id as string, watcherCookies, senderCookies: members.slice(watchers).map((member) => member.client.cookieHeader), author };
}

/** The baseline: a bare `ws` server that sends every frame it receives to every socket (no auth, no database). */
function startBroadcastServer(): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `ws://127.0.0.1:${port}/ws`,
        close: () =>
          new Promise((done) => {
            for (const client of server.clients) client.terminate();
            server.close(() => done());
          }),
      });
    });
    server.on('connection', (socket) => {
      socket.on('message', (data, isBinary) => {
        const frame = JSON.parse(data.toString()) as { type: string };
        if (frame.type !== 'chat') return;
        for (const client of server.clients) client.send(data, { binary: isBinary });
      });
    });
  });
}

function describeLatency(label: string, result: LatencyResult, activity: ServerActivity) {
  const toAll = summarise(result.toAll);
  const each = summarise(result.perSocket);
  progress(
    `live latency (${label}): ${toAll.count} messages, to all ${SOCKETS} sockets p50 ${toAll.p50.toFixed(2)} ms p99 ${toAll.p99.toFixed(2)} ms slowest ${[
      ...result.toAll,
    ]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms; ` +
      `per delivery p50 ${each.p50.toFixed(2)} ms p99 ${each.p99.toFixed(2)} ms; ${result.incomplete} incomplete${result.errors.length ? `; errors: ${result.errors.join(' | ')}` : ''} ` +
      activityNote(activity, ((LATENCY_MESSAGES + LATENCY_WARMUP_MESSAGES) * LATENCY_INTERVAL_MS) / 1000, `live latency (${label})`),
  );
  return toAll;
}

function describeThroughput(label: string, result: ThroughputResult, activity: ServerActivity) {
  const perSecond = result.delivered / result.seconds;
  progress(
    `live throughput (${label}): ${result.delivered} messages reached all ${SOCKETS} sockets in ${result.seconds} s = ${perSecond.toFixed(0)}/s (${(perSecond * SOCKETS).toFixed(0)} deliveries/s)` +
      `${result.errors.length ? `; errors: ${result.errors.join(' | ')}` : ''} ${activityNote(activity, result.seconds, `live throughput (${label})`)}`,
  );
  return perSecond;
}

export async function benchLive(database: BenchDatabase, config: BenchConfig): Promise<void> {
  const bench = await startBenchPlatform(database, 'live', 1);
  const { platform, pool } = bench;
  let baseline: Awaited<ReturnType<typeof startBroadcastServer>> | null = null;
  const loads: LiveLoad[] = [];
  // Other databases' open transactions hold the projector back (it reads below the cluster's snapshot xmin): noted per figure.
  const observed = <T>(work: () => Promise<T>) => withServerActivity(pool, [database.name, bench.database.name], work);
  try {
    const setup = await setUp(platform.url);
    baseline = await startBroadcastServer();
    const platformLoad = LiveLoad.start();
    const baselineLoad = LiveLoad.start();
    loads.push(platformLoad, baselineLoad);
    const origin = new URL(platform.url).origin;
    const connectStarted = now();
    await platformLoad.run({
      kind: 'connect',
      url: `${platform.url.replace(/^http/, 'ws')}/ws`,
      origin,
      watchers: setup.watcherCookies,
      senders: setup.senderCookies,
      topicId: setup.topicId,
    });
    progress(`live: ${SOCKETS} sockets (+${SENDERS} senders) open on the platform in ${((now() - connectStarted) / 1000).toFixed(1)} s`);
    await baselineLoad.run({
      kind: 'connect',
      url: baseline.url,
      origin,
      watchers: setup.watcherCookies.map(() => ''),
      senders: setup.senderCookies.map(() => ''),
      topicId: setup.topicId,
    });

    // Latency: paced chat frames, each timed until the last of the 1,000 sockets has it (warm-up first).
    const latency = async (load: LiveLoad) => {
      await load.run({ kind: 'latency', messages: LATENCY_WARMUP_MESSAGES, intervalMs: LATENCY_INTERVAL_MS, giveUpMs: 5000 });
      return load.run({ kind: 'latency', messages: LATENCY_MESSAGES, intervalMs: LATENCY_INTERVAL_MS, giveUpMs: 5000 });
    };
    const { result: platformLatency, activity: platformActivity } = await observed(() => latency(platformLoad));
    const { result: baselineLatency, activity: baselineActivity } = await observed(() => latency(baselineLoad));
    const real = describeLatency('platform: chat frame -> command -> projector -> notice -> sockets', platformLatency, platformActivity);
    const bare = describeLatency('bare ws broadcast server', baselineLatency, baselineActivity);
    for (const p of ['p50', 'p99'] as const) {
      emit({
        figure: `live chat delivery latency ${p}: chat frame sent -> the last of ${SOCKETS} sockets subscribed to the topic has it (baseline: a bare ws server broadcasting each frame, no auth, no database)`,
        value: real[p],
        unit: 'ms',
        baseline: bare[p],
        target: `p99 <= ${TARGET_P99_MS} ms, every message to every socket`,
        meets: real[p] <= TARGET_P99_MS && platformLatency.incomplete === 0 && platformLatency.errors.length === 0,
      });
    }

    // Throughput: the per-member limit (30 a minute) keeps real senders slow, so the platform's
    // messages are appended to the event store as the command appends them, one per transaction.
    const measure = { window: WINDOW, warmupMs: config.warmupSeconds * 1000, measureMs: config.seconds * 1000 };
    const baselineRun = await observed(() => baselineLoad.run({ kind: 'throughput', ...measure, via: { kind: 'frame' } }));
    const platformRun = await observed(() =>
      platformLoad.run({
        kind: 'throughput',
        ...measure,
        via: { kind: 'store', databaseUrl: bench.database.url, groupId: RELIGION_GROUP, userId: setup.author.userId },
      }),
    );
    const platformThroughput = platformRun.result;
    const realRate = describeThroughput('platform: event appended -> projector -> notice -> sockets', platformThroughput, platformRun.activity);
    const bareRate = describeThroughput('bare ws broadcast server', baselineRun.result, baselineRun.activity);
    emit({
      figure: `live chat messages/s sustained, each delivered to all ${SOCKETS} sockets, ${WINDOW} in flight (platform: ChatMessagePosted appended one per transaction -> projector -> change notice -> fan-out; baseline: a bare ws broadcast server)`,
      value: realRate,
      unit: 'messages/s',
      baseline: bareRate,
      target: 'every message to every socket (no target rate set)',
      meets: platformThroughput.errors.length === 0,
    });
  } finally {
    for (const load of loads) await load.close();
    await baseline?.close();
    await bench.close();
  }
}
