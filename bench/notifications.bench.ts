import { PostgresEventStore, createEventRegistry } from '@civitas/events';
import { projections } from '@civitas/projector';
import { createLogger, type Config } from '@civitas/service-kit';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import pg from 'pg';
import { startPlatform, type Platform } from '../scripts/platform';
import { benchPlatformConfig } from './lib/bench-platform';
import { checkpointsReach } from './lib/checkpoints';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu } from './lib/cpu';
import { quiesce, type BenchDatabase } from './lib/database';
import { benchDigest } from './lib/digest-bench';
import { FeedLoad } from './lib/feed-load';
import type { TopicResult } from './lib/feed-worker';
import { insertEvents } from './lib/insert-events';
import { summarise } from './lib/latency';
import { now, sleep } from './lib/measure';
import { NATIONAL_GROUP, generatedVotes, registerNotificationMembers, type NotificationMembers } from './lib/notification-setup';
import { emit, progress } from './lib/report';

const CREATORS = 3;
const READERS = 100;
/** Measured topics per phase, after a few unmeasured ones. */
const TOPICS = 30;
const WARMUP_TOPICS = 3;
const POLL_MS = 50;
const GIVE_UP_MS = 10_000;
/** After each topic the projector has committed it; then this pause, so every command meets a quiet platform. */
const PAUSE_MS = 200;
const TARGET_SPEED_RATIO = 0.95;
const TARGET_SEEN_P99_MS = 2000;
const FEED_ROUNDS = 5;
const FEED_LIMIT = 20;

const started = async (config: Config, label: string, options: Parameters<typeof startPlatform>[2]) => {
  const startedAt = now();
  const platform = await startPlatform(config, createLogger('silent'), options);
  await platform.ready;
  progress(`notifications: the platform ${label} started and ready in ${((now() - startedAt) / 1000).toFixed(1)} s`);
  return platform;
};

const closed = async (platform: Platform, label: string) => {
  const startedAt = now();
  await platform.close();
  progress(`notifications: the platform ${label} stopped in ${((now() - startedAt) / 1000).toFixed(1)} s`);
};

/** WARMUP_TOPICS then TOPICS sequential topics, creators in turn; the measured ones' results. */
async function openTopics(
  load: FeedLoad,
  pool: pg.Pool,
  platform: Platform,
  members: NotificationMembers,
  label: string,
  readers: string[],
): Promise<TopicResult[]> {
  const results: TopicResult[] = [];
  for (let index = -WARMUP_TOPICS; index < TOPICS; index += 1) {
    const serial = index + WARMUP_TOPICS;
    const result = await load.run({
      kind: 'topic',
      origin: platform.url,
      creator: members.creators[serial % members.creators.length]!,
      body: {
        title: `Bench ${label} ${serial + 1}: longer opening hours for public libraries`,
        description: `Proposal ${serial + 1}: public libraries open until 22:00 on weekdays, so that students and workers can use them.`,
        groupId: NATIONAL_GROUP.groupId,
      },
      readers,
      pollMs: POLL_MS,
      giveUpMs: GIVE_UP_MS,
      databaseUrl: platform.databaseUrl,
    });
    if (result.status !== 201 || !result.position) throw new Error(`notifications: POST /api/topics answered ${result.status} ${result.failure}`);
    if (!(await checkpointsReach(pool, result.position, 15_000))) progress(`notifications (${label}): the projector did not commit a topic within 15 s`);
    await sleep(PAUSE_MS);
    if (index >= 0) results.push(result);
  }
  return results;
}

/**
 * Notifications in a national group of `notificationMembers` members (issue #33): the topic
 * command's latency with the notifications projection absent (the mailer then finds no tables and sends nothing), then present (built from
 * zero at the second start), on one database; and how soon each of READERS members' feeds lists a
 * new topic, beside the projector's change notice for it. Then the daily digest for those members.
 */
export async function benchNotifications(parent: BenchDatabase, config: BenchConfig): Promise<void> {
  const database = await parent.sibling('notifications');
  const platformConfig = benchPlatformConfig(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2, application_name: 'civitas-bench' });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore({ connectionString: database.url });
  const registry = createEventRegistry();
  const load = FeedLoad.start();
  let platform: Platform | null = null;
  try {
    // Notifications off: the projector without the notifications projection; its mailer then finds no tables to read.
    platform = await started(platformConfig, 'without notifications', { projections: projections.filter((projection) => projection.name !== 'notifications') });
    const members = await registerNotificationMembers(platform.url, CREATORS, READERS);
    const generatedAt = now();
    await insertEvents(store, registry, generatedVotes(config.notificationMembers, members.topicId, members.opinionId));
    await pool.query('vacuum (analyze) events, streams');
    const head = await store.headPosition();
    if (!(await checkpointsReach(pool, head, 600_000))) throw new Error('notifications: the projector did not catch up with the generated votes within 600 s');
    progress(`notifications: ${config.notificationMembers} generated votes written and projected in ${((now() - generatedAt) / 1000).toFixed(1)} s`);
    await quiesce(pool);
    const off = await withCpu(pool, () => openTopics(load, pool, platform!, members, 'off', []));
    progress(`notifications: ${TOPICS} topics with notifications off ${cpuNote(off.cpu, 'topic command, notifications off')}`);
    await closed(platform, 'without notifications');
    platform = null;

    // Notifications on: every projection; the notifications projection is built from zero at the start.
    platform = await started(platformConfig, 'with every projection (notifications built from zero)', {});
    const storeEnd = await store.headPosition();
    const checkpoint = await pool.query<{ position: string }>(`select position from ${READ_SCHEMA}.projection_checkpoints where name = 'notifications'`);
    if (!checkpoint.rows[0] || checkpoint.rows[0].position < storeEnd) {
      if (!(await checkpointsReach(pool, storeEnd, 60_000))) throw new Error('notifications: the notifications projection did not reach the end of the store');
    }
    const audience = await pool.query<{ count: number }>(`select count(*)::int as count from ${READ_SCHEMA}.notification_audiences where group_id = $1`, [
      NATIONAL_GROUP.groupId,
    ]);
    progress(
      `notifications: the projection's checkpoint reached the store's end; group ${NATIONAL_GROUP.groupId}'s audience is ${audience.rows[0]!.count} members`,
    );
    await quiesce(pool);
    const on = await withCpu(pool, () => openTopics(load, pool, platform!, members, 'on', members.readers));
    progress(
      `notifications: ${TOPICS} topics with notifications on, ${READERS} readers polling ${cpuNote(on.cpu, 'topic command and feeds, notifications on')}`,
    );
    const feed = await load.run({ kind: 'feed', origin: platform.url, readers: members.readers, rounds: FEED_ROUNDS, limit: FEED_LIMIT });
    await closed(platform, 'with every projection');
    platform = null;

    report(off.result, on.result, audience.rows[0]!.count);
    const feedLatency = summarise(feed.latencies);
    progress(
      `notifications: GET /api/notifications?limit=${FEED_LIMIT}, one reader at a time: p50 ${feedLatency.p50.toFixed(2)} ms p99 ${feedLatency.p99.toFixed(2)} ms over ` +
        `${feedLatency.count} (${Math.min(...feed.items)}-${Math.max(...feed.items)} items each, ${feed.failures} failed)`,
    );

    await benchDigest({ store, registry, pool, database, platformConfig, members: config.notificationMembers });
  } finally {
    await platform?.close().catch(() => undefined);
    await load.close();
    await store.close();
    await pool.end();
    await database.drop();
  }
}

function report(off: TopicResult[], on: TopicResult[], audience: number): void {
  const [offLatency, onLatency] = [summarise(off.map((topic) => topic.latency)), summarise(on.map((topic) => topic.latency))];
  progress(
    `notifications: POST /api/topics off p50 ${offLatency.p50.toFixed(2)} ms p99 ${offLatency.p99.toFixed(2)} ms; on p50 ${onLatency.p50.toFixed(2)} ms p99 ${onLatency.p99.toFixed(2)} ms`,
  );
  for (const p of ['p50', 'p99'] as const) {
    emit({
      figure: `topic command latency ${p}: POST /api/topics in a national group whose audience is ${audience} members, ${TOPICS} topics one after another, with notifications on (baseline: the same platform and database without the notifications projection, so the mailer finds nothing to send)`,
      value: onLatency[p],
      unit: 'ms',
      baseline: offLatency[p],
      target: `speed >= ${TARGET_SPEED_RATIO}x notifications off (latency <= baseline / ${TARGET_SPEED_RATIO})`,
      meets: offLatency[p] / onLatency[p] >= TARGET_SPEED_RATIO,
    });
  }
  const seen = on.flatMap((topic) => topic.seen);
  const unseen = seen.filter((ms) => ms === null).length;
  const notices = on.map((topic) => topic.notice);
  const missingNotices = notices.filter((ms) => ms === null).length;
  const [feed, notice] = [summarise(seen.map((ms) => ms ?? GIVE_UP_MS)), summarise(notices.map((ms) => ms ?? GIVE_UP_MS))];
  const polls = on.reduce((sum, topic) => sum + topic.polls, 0);
  const pollFailures = on.reduce((sum, topic) => sum + topic.pollFailures, 0);
  progress(
    `notifications: feed lists the topic p50 ${feed.p50.toFixed(2)} ms p99 ${feed.p99.toFixed(2)} ms max ${Math.max(...seen.map((ms) => ms ?? GIVE_UP_MS)).toFixed(2)} ms over ` +
      `${seen.length} (topic, reader) pairs, ${unseen} never within ${GIVE_UP_MS / 1000} s; ${(polls / seen.length).toFixed(1)} polls each, ${pollFailures} failed` +
      `${on.find((topic) => topic.firstPollFailure)?.firstPollFailure ? ` (first: ${on.find((topic) => topic.firstPollFailure)!.firstPollFailure})` : ''}; ` +
      `change notice p50 ${notice.p50.toFixed(2)} ms p99 ${notice.p99.toFixed(2)} ms, ${missingNotices} missing`,
  );
  for (const p of ['p50', 'p99'] as const) {
    emit({
      figure: `new topic -> every reader's feed lists it ${p}: POST /api/topics answered -> GET /api/notifications?limit=1 (${READERS} readers polling every ${POLL_MS} ms, their own cookie, no position header) lists it, audience ${audience} members (baseline: the projector's change notice for the group's notices heard)`,
      value: feed[p],
      unit: 'ms',
      baseline: notice[p],
      target: `p99 < ${TARGET_SEEN_P99_MS} ms, every reader sees every topic`,
      meets: feed[p] < TARGET_SEEN_P99_MS && unseen === 0,
    });
  }
}
