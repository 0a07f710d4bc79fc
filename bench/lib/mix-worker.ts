/**
 * The load bench's members, run in a worker thread (bench/lib/mix-load.ts) so the clients' work
 * does not sit on the event loop of the servers they measure. Each member is a client of its own
 * with only its session cookie (and, like the web app, the highest position its writes answered
 * as X-Civitas-Position on reads): it goes through a fixed cycle of actions, shuffled per cycle by
 * its own seeded generator, pausing a think time after each action.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { POSITION_HEADER } from '@civitas/events/position';
import { send, type Answer } from './http-request';
import { seeded } from './seeded-random';

/** One cycle of a member: how often each action comes in it (the fixed mix). */
export const CYCLE = { groupPage: 4, topicPage: 6, vote: 6, opinion: 1, chat: 2, delegation: 1 } as const;
export type Action = keyof typeof CYCLE;
export const CYCLE_LENGTH = Object.values(CYCLE).reduce((sum, count) => sum + count, 0);
/** A member's pause after each action, uniform in this range (the first action waits up to `max`, so members start spread out). */
export const THINK_MS = { min: 500, max: 2500 } as const;
/** A page's reads go out together, as a browser sends them on its (up to 6) connections to a host. */
const CONNECTIONS_PER_MEMBER = 6;

export interface MixMember {
  cookie: string;
  userId: string;
}

export interface MixTopic {
  id: string;
  /** The opinions every member knows at the start (the page they came from showed them). */
  opinionIds: string[];
}

/** Where the two routes that have a CRUD baseline go on the CRUD side. */
export interface CrudRoutes {
  origin: string;
  votePath: string;
  /** The tally read, `:id` standing for the topic. */
  tallyPath: string;
}

export interface MixJob {
  kind: 'mix';
  platform: string;
  /** null: every request to the platform; otherwise votes and the opinions read go to the CRUD app. */
  crud: CrudRoutes | null;
  members: MixMember[];
  groupId: number;
  topics: MixTopic[];
  /** Each member's generator starts from seed + its index: every slice replays the same actions and pauses. */
  seed: number;
  warmupMs: number;
  measureMs: number;
}

export interface RouteResult {
  /** Latencies (ms, request sent → body received) of answers received inside the measured window. */
  latencies: number[];
  /** Answers other than 200/201, or no answer, over the whole job (warm-up included). */
  errors: number;
  firstError: string | null;
}

export interface MixResult {
  /** By route, e.g. 'GET /api/topics/:id/opinions'. */
  routes: Record<string, RouteResult>;
  actions: Record<Action, number>;
  /** The highest event position the platform answered, for waiting on the projector. */
  lastPosition: string | null;
}

type VoteType = 'support' | 'oppose';

interface MemberState {
  agent: http.Agent;
  position: string | null;
  /** The delegate the member names in the group now (the next delegation action revokes it). */
  delegateId: string | null;
  topicId: string;
  /** Opinion ids per topic as the member last saw them. */
  opinions: Map<string, string[]>;
  /** Standing vote per server and opinion: the next vote on it is the other type, so every vote is a write. */
  standing: Map<string, VoteType | null>;
  posts: number;
}

const members = new Map<string, MemberState>();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function shuffledCycle(random: () => number): Action[] {
  const actions = (Object.keys(CYCLE) as Action[]).flatMap((action) => Array<Action>(CYCLE[action]).fill(action));
  for (let index = actions.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [actions[index], actions[other]] = [actions[other]!, actions[index]!];
  }
  return actions;
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

/** Topics by popularity: the k-th is visited about 1/k as often as the first (a few hot topics, a long tail). */
function popularTopic(topics: readonly MixTopic[], random: () => number): string {
  const total = topics.reduce((sum, _, index) => sum + 1 / (index + 1), 0);
  let left = random() * total;
  for (const [index, topic] of topics.entries()) {
    left -= 1 / (index + 1);
    if (left <= 0) return topic.id;
  }
  return topics[topics.length - 1]!.id;
}

function stateOf(member: MixMember, job: MixJob, random: () => number): MemberState {
  let state = members.get(member.userId);
  if (!state) {
    state = {
      agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_MEMBER }),
      position: null,
      delegateId: null,
      topicId: popularTopic(job.topics, random),
      opinions: new Map(job.topics.map((topic) => [topic.id, [...topic.opinionIds]])),
      standing: new Map(),
      posts: 0,
    };
    members.set(member.userId, state);
  }
  return state;
}

async function runMix(job: MixJob): Promise<MixResult> {
  const result: MixResult = { routes: {}, actions: { groupPage: 0, topicPage: 0, vote: 0, opinion: 0, chat: 0, delegation: 0 }, lastPosition: null };
  const windowStart = performance.now() + job.warmupMs;
  const windowEnd = windowStart + job.measureMs;

  await Promise.all(
    job.members.map(async (member, index) => {
      const random = seeded(job.seed + index);
      const me = stateOf(member, job, random);

      /** One request, timed and counted under `route`; the body when the answer is 200/201. */
      const request = async (route: string, origin: string, method: string, path: string, body?: unknown): Promise<unknown> => {
        const headers: Record<string, string> = method === 'GET' ? (me.position === null ? {} : { [POSITION_HEADER]: me.position }) : { origin }; // a browser names its origin on every write
        const sentAt = performance.now();
        let answer: Answer;
        try {
          answer = await send(me.agent, origin, method, path, member.cookie, body, headers);
        } catch (error) {
          answer = { status: 0, body: String(error) };
        }
        const at = performance.now();
        const figures = (result.routes[route] ??= { latencies: [], errors: 0, firstError: null });
        if (answer.status !== 200 && answer.status !== 201) {
          figures.errors += 1;
          figures.firstError ??= `${answer.status} ${answer.body.slice(0, 300)}`;
          return null;
        }
        if (at >= windowStart && at <= windowEnd) figures.latencies.push(at - sentAt);
        const parsed = JSON.parse(answer.body) as unknown;
        const position = (parsed as { position?: unknown } | null)?.position;
        if (method !== 'GET' && typeof position === 'string') {
          if (me.position === null || position > me.position) me.position = position;
          if (result.lastPosition === null || position > result.lastPosition) result.lastPosition = position;
        }
        return parsed;
      };
      const platform = (route: string, method: string, path: string, body?: unknown) => request(route, job.platform, method, path, body);

      const actions: Record<Action, () => Promise<unknown>> = {
        groupPage: () =>
          Promise.all([
            platform('GET /api/groups/:id', 'GET', `/api/groups/${job.groupId}`),
            platform('GET /api/groups/:id/topics', 'GET', `/api/groups/${job.groupId}/topics`),
            platform('GET /api/groups/:id/stats', 'GET', `/api/groups/${job.groupId}/stats`),
          ]),
        topicPage: async () => {
          const topicId = popularTopic(job.topics, random);
          me.topicId = topicId;
          const opinions = job.crud
            ? request(`GET ${job.crud.tallyPath}`, job.crud.origin, 'GET', job.crud.tallyPath.replace(':id', topicId))
            : platform('GET /api/topics/:id/opinions', 'GET', `/api/topics/${topicId}/opinions`);
          const [, shown] = await Promise.all([
            platform('GET /api/topics/:id', 'GET', `/api/topics/${topicId}`),
            opinions,
            platform('GET /api/topics/:id/stats', 'GET', `/api/topics/${topicId}/stats`),
          ]);
          if (Array.isArray(shown))
            me.opinions.set(
              topicId,
              (shown as Array<{ id: string }>).map((opinion) => opinion.id),
            );
        },
        vote: async () => {
          const opinionId = pick(me.opinions.get(me.topicId)!, random);
          const key = `${job.crud ? 'crud' : 'platform'} ${opinionId}`;
          const standing = me.standing.get(key);
          const coin = random() < 0.5 ? 'support' : 'oppose';
          const voteType: VoteType = standing === 'support' ? 'oppose' : standing === 'oppose' ? 'support' : coin;
          const reply = job.crud
            ? await request(`POST ${job.crud.votePath}`, job.crud.origin, 'POST', job.crud.votePath, { opinionId, voteType })
            : await platform('POST /api/votes', 'POST', '/api/votes', { opinionId, voteType });
          if (reply) me.standing.set(key, (reply as { voteType: VoteType | null }).voteType);
        },
        opinion: async () => {
          me.posts += 1;
          const content = `Opinion ${me.posts} of bench member ${index}: the proposal should come with a yearly public review.`;
          const reply = await platform('POST /api/opinions', 'POST', '/api/opinions', { topicId: me.topicId, content });
          // The member's own opinion shows on the page at once: it may vote on it next.
          if (reply) me.opinions.get(me.topicId)!.push((reply as { opinion: { id: string } }).opinion.id);
        },
        chat: async () => {
          // Opening the chat loads its messages; then the member sends one.
          await platform('GET /api/topics/:id/messages', 'GET', `/api/topics/${me.topicId}/messages`);
          me.posts += 1;
          await platform('POST /api/chat/messages', 'POST', '/api/chat/messages', {
            topicId: me.topicId,
            message: `Message ${me.posts} from bench member ${index}.`,
          });
        },
        delegation: async () => {
          if (me.delegateId !== null) {
            if (await platform('DELETE /api/delegations/:groupId', 'DELETE', `/api/delegations/${job.groupId}`)) me.delegateId = null;
            return;
          }
          const others = job.members.filter((other) => other.userId !== member.userId);
          const delegateId = pick(others, random).userId;
          if (await platform('POST /api/delegations', 'POST', '/api/delegations', { delegateId, groupId: job.groupId })) me.delegateId = delegateId;
        },
      };

      await sleep(random() * THINK_MS.max);
      let cycle: Action[] = [];
      while (performance.now() < windowEnd) {
        if (cycle.length === 0) cycle = shuffledCycle(random);
        const action = cycle.pop()!;
        await actions[action]();
        const at = performance.now();
        if (at >= windowStart && at <= windowEnd) result.actions[action] += 1;
        await sleep(THINK_MS.min + random() * (THINK_MS.max - THINK_MS.min));
      }
    }),
  );
  return result;
}

parentPort?.on('message', (message: { id: number; job: MixJob }) => {
  runMix(message.job).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
