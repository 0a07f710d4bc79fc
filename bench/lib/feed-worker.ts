/**
 * The notifications bench's clients, run in a worker thread (bench/lib/feed-load.ts) so their work
 * does not sit on the event loop of the platform they measure: a member opens a topic, then every
 * reader polls its own feed until the topic is listed; the projector's change notice is heard here
 * too, so every time is on this thread's clock. Each member has one keep-alive connection.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { READ_MODELS_CHANNEL, decodeChangeNotice } from '@civitas/service-kit/read-models';
import { send, type Answer } from './http-request';
import { NoticeListener } from './notices';

export interface TopicJob {
  kind: 'topic';
  origin: string;
  /** The creator's session cookie. */
  creator: string;
  body: { title: string; description: string; groupId: number };
  /** The readers' session cookies: each polls its feed from the answer on; none: the topic alone is timed. */
  readers: string[];
  /** From one poll's start to the next one's. */
  pollMs: number;
  giveUpMs: number;
  /** The read models' channel is heard on this database, for the notice that names the group's notices. */
  databaseUrl: string;
}

export interface TopicResult {
  status: number;
  /** Request sent → answer received, ms. */
  latency: number;
  failure: string | null;
  topicId: string | null;
  position: string | null;
  /** Per reader: the answer → the first feed answer listing the topic received, ms; null if never within giveUpMs. */
  seen: Array<number | null>;
  /** The answer → the projector's change notice naming the group's notices at or past the topic's position, ms. */
  notice: number | null;
  /** Feed polls sent, and those not answered 200. */
  polls: number;
  pollFailures: number;
  firstPollFailure: string | null;
}

export interface FeedJob {
  kind: 'feed';
  origin: string;
  readers: string[];
  /** Requests per reader, one reader after another. */
  rounds: number;
  limit: number;
}

export interface FeedResult {
  latencies: number[];
  items: number[];
  failures: number;
}

export type FeedLoadJob = TopicJob | FeedJob;

const agents = new Map<string, http.Agent>();
const agentFor = (cookie: string) => {
  let agent = agents.get(cookie);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(cookie, agent);
  }
  return agent;
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const listeners = new Map<string, Promise<NoticeListener>>();

async function request(origin: string, method: string, path: string, cookie: string, body?: unknown): Promise<Answer> {
  try {
    return await send(agentFor(cookie), origin, method, path, cookie, body);
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

async function runTopic(job: TopicJob): Promise<TopicResult> {
  let listening = listeners.get(job.databaseUrl);
  if (!listening) listeners.set(job.databaseUrl, (listening = NoticeListener.open(job.databaseUrl, READ_MODELS_CHANNEL)));
  const listener = await listening;
  const result: TopicResult = {
    status: 0,
    latency: 0,
    failure: null,
    topicId: null,
    position: null,
    seen: [],
    notice: null,
    polls: 0,
    pollFailures: 0,
    firstPollFailure: null,
  };
  const heardBefore = listener.heard.length;
  const sentAt = performance.now();
  const answer = await request(job.origin, 'POST', '/api/topics', job.creator, job.body);
  const answeredAt = performance.now();
  result.status = answer.status;
  result.latency = answeredAt - sentAt;
  if (answer.status !== 201) {
    result.failure = answer.body.slice(0, 300);
    return result;
  }
  const reply = JSON.parse(answer.body) as { position: string; topic: { id: string } };
  result.topicId = reply.topic.id;
  result.position = reply.position;
  const itemId = `topic:${reply.topic.id}`;
  const giveUpAt = answeredAt + job.giveUpMs;

  // Without readers (notifications off) there is no feed to wait for, nor its notice.
  const noticeHeard = (async () => {
    if (job.readers.length === 0) return;
    const names = (payload: string) => {
      const notice = decodeChangeNotice(payload);
      const groups = notice?.changes.group_notices;
      return (
        notice !== null &&
        notice.projections.includes('notifications') &&
        notice.position >= reply.position &&
        (groups === 'all' || (groups ?? []).includes(job.body.groupId))
      );
    };
    const found = () => listener.heard.slice(heardBefore).find((heard) => names(heard.payload));
    if (await listener.until(() => found() !== undefined, Math.max(0, giveUpAt - performance.now()))) {
      // A notice may beat the command's own answer: it was readable by then.
      result.notice = Math.max(0, found()!.at - answeredAt);
    }
  })();

  result.seen = await Promise.all(
    job.readers.map(async (cookie) => {
      for (let pollAt = answeredAt; pollAt < giveUpAt; pollAt += job.pollMs) {
        await sleep(pollAt - performance.now());
        result.polls += 1;
        const feed = await request(job.origin, 'GET', '/api/notifications?limit=1', cookie);
        const at = performance.now();
        if (feed.status !== 200) {
          result.pollFailures += 1;
          result.firstPollFailure ??= `${feed.status} ${feed.body.slice(0, 300)}`;
          continue;
        }
        const { items } = JSON.parse(feed.body) as { items: Array<{ id: string }> };
        if (items.some((item) => item.id === itemId)) return at - answeredAt;
        // A poll that took longer than the period is followed at once, not queued behind.
        pollAt = Math.max(pollAt, at - job.pollMs);
      }
      return null;
    }),
  );
  await noticeHeard;
  return result;
}

async function runFeed(job: FeedJob): Promise<FeedResult> {
  const result: FeedResult = { latencies: [], items: [], failures: 0 };
  for (let round = 0; round < job.rounds; round += 1) {
    for (const cookie of job.readers) {
      const sentAt = performance.now();
      const answer = await request(job.origin, 'GET', `/api/notifications?limit=${job.limit}`, cookie);
      const latency = performance.now() - sentAt;
      if (answer.status !== 200) {
        result.failures += 1;
        continue;
      }
      result.latencies.push(latency);
      result.items.push((JSON.parse(answer.body) as { items: unknown[] }).items.length);
    }
  }
  return result;
}

parentPort?.on('message', (message: { id: number; job: FeedLoadJob | { kind: 'close' } }) => {
  const { job } = message;
  const running =
    job.kind === 'topic'
      ? runTopic(job)
      : job.kind === 'feed'
        ? runFeed(job)
        : Promise.all([...listeners.values()].map(async (listening) => (await listening).close())).then(() => null);
  running.then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
