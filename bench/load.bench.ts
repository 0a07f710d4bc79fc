import { randomBytes } from 'node:crypto';
import { CHAT_RATE_LIMIT_PER_MINUTE } from '@civitas/events';
import { READ_MODELS_CHANNEL } from '@civitas/service-kit/read-models';
import { startBenchPlatform } from './lib/bench-platform';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu } from './lib/cpu';
import { CRUD_VOTE_PATH, crudTallyPath, startCrudVotes, type CrudVotes } from './lib/crud-votes';
import { quiesce, type BenchDatabase } from './lib/database';
import { summarise } from './lib/latency';
import { now } from './lib/measure';
import { MixLoad } from './lib/mix-load';
import { CYCLE, CYCLE_LENGTH, THINK_MS, type CrudRoutes, type MixMember, type MixResult, type MixTopic, type RouteResult } from './lib/mix-worker';
import { NoticeListener } from './lib/notices';
import { progress, round } from './lib/report';
import { activityNote, withServerActivity } from './lib/server-activity';
import { inBatches } from './lib/setup';
import { expectStatus, registerMember, subscribeMonthly, verifyCitizen } from '../test-support/members';

const MEMBERS = 200;
/** Saudi Arabia's national group: every member is a verified citizen, so votes, opinions, chat and delegation all pass the eligibility check. */
const NATIONAL_GROUP = { country: 'Saudi Arabia', groupId: 1682 };
const TOPICS = 8;
const OPINIONS_PER_TOPIC = 3;
const SEED = 20_261_124;
/** Unmeasured lead-in of each half: the members start spread over one think time, and the servers warm up. */
const MIN_WARMUP_MS = 5000;
const REGISTRATION_CONCURRENCY = 4;

/** The platform's routes in the mix, and the CRUD app's route each is compared with (null: none). */
const ROUTES: ReadonlyArray<{ route: string; baseline: string | null }> = [
  { route: 'GET /api/groups/:id', baseline: null },
  { route: 'GET /api/groups/:id/topics', baseline: null },
  { route: 'GET /api/groups/:id/stats', baseline: null },
  { route: 'GET /api/topics/:id', baseline: null },
  { route: 'GET /api/topics/:id/opinions', baseline: `GET ${crudTallyPath(':id')}` },
  { route: 'GET /api/topics/:id/stats', baseline: null },
  { route: 'GET /api/topics/:id/messages', baseline: null },
  { route: 'POST /api/votes', baseline: `POST ${CRUD_VOTE_PATH}` },
  { route: 'POST /api/opinions', baseline: null },
  { route: 'POST /api/chat/messages', baseline: null },
  { route: 'POST /api/delegations', baseline: null },
  { route: 'DELETE /api/delegations/:groupId', baseline: null },
];

/**
 * Chat is limited per member (30 a minute): at least THINK_MS.min passes between two actions, so a
 * minute touches at most this many cycles of CYCLE.chat messages each. Real members pausing as
 * long never meet the limit, and a mix that could would count 429s as errors: refuse it up front.
 */
function chatsPerMinuteAtMost(): number {
  return CYCLE.chat * (Math.floor(60_000 / (CYCLE_LENGTH * THINK_MS.min)) + 2);
}

/** 200 verified citizens, and topics in their national group with a few opinions each, all through the API. */
async function setUp(baseUrl: string): Promise<{ members: MixMember[]; topics: MixTopic[] }> {
  const started = now();
  const runId = randomBytes(4).toString('hex');
  const registered = await inBatches(MEMBERS, REGISTRATION_CONCURRENCY, async (index) => {
    const member = await registerMember(baseUrl, { email: `bench.load.${runId}.${index}@example.org` });
    await verifyCitizen(member.client, NATIONAL_GROUP.country, `LOAD${runId}${String(index).padStart(4, '0')}`);
    return member;
  });
  const author = registered[0]!.client;
  await subscribeMonthly(author, baseUrl);
  const topics: MixTopic[] = [];
  for (let index = 0; index < TOPICS; index += 1) {
    const created = await expectStatus(
      'create topic',
      await author.post('/api/topics', {
        title: `Bench topic ${index + 1}: public services`,
        description: `Proposal ${index + 1} of the load test on how the city should run its public services.`,
        groupId: NATIONAL_GROUP.groupId,
      }),
      201,
    );
    const topicId = created.topic.id as string;
    const opinionIds: string[] = [];
    for (let opinion = 0; opinion < OPINIONS_PER_TOPIC; opinion += 1) {
      const poster = registered[(index * OPINIONS_PER_TOPIC + opinion) % MEMBERS]!.client;
      const posted = await expectStatus(
        'post opinion',
        await poster.post('/api/opinions', { topicId, content: `Opening opinion ${opinion + 1} on proposal ${index + 1}.` }),
        201,
      );
      opinionIds.push(posted.opinion.id as string);
    }
    topics.push({ id: topicId, opinionIds });
  }
  progress(
    `load: ${MEMBERS} members registered and verified, ${TOPICS} topics with ${OPINIONS_PER_TOPIC} opinions each in group ${NATIONAL_GROUP.groupId} in ${((now() - started) / 1000).toFixed(1)} s`,
  );
  return { members: registered.map(({ client, userId }) => ({ cookie: client.cookieHeader, userId })), topics };
}

interface RouteFigures {
  route: string;
  p50: number;
  p99: number;
  count: number;
  perSecond: number;
  errors: number;
}

/** A route's latencies in the `measured` phase; its errors there and in the `alsoServed` phases. */
function figuresOf(
  route: string,
  seconds: number,
  measured: MixResult,
  alsoServed: readonly MixResult[] = [],
): { figures: RouteFigures; firstError: string | null } {
  const served = [measured, ...alsoServed].map((phase) => phase.routes[route]).filter((result): result is RouteResult => result !== undefined);
  const latency = summarise(measured.routes[route]?.latencies ?? []);
  return {
    figures: {
      route,
      p50: round(latency.p50, 2),
      p99: round(latency.p99, 2),
      count: latency.count,
      perSecond: round(latency.count / seconds, 1),
      errors: served.reduce((sum, result) => sum + result.errors, 0),
    },
    firstError: served.map((result) => result.firstError).find((error) => error !== null) ?? null,
  };
}

/** Answers received inside the measured window, over every route. */
const requestsOf = (result: MixResult) => Object.values(result.routes).reduce((sum, route) => sum + route.latencies.length, 0);

/** Both halves of one side as one result. */
function mergeResults(halves: readonly MixResult[]): MixResult {
  const merged: MixResult = { routes: {}, actions: { groupPage: 0, topicPage: 0, vote: 0, opinion: 0, chat: 0, delegation: 0 }, lastPosition: null };
  for (const half of halves) {
    for (const [route, result] of Object.entries(half.routes)) {
      const into = (merged.routes[route] ??= { latencies: [], errors: 0, firstError: null });
      into.latencies.push(...result.latencies);
      into.errors += result.errors;
      into.firstError ??= result.firstError;
    }
    for (const action of Object.keys(merged.actions) as Array<keyof MixResult['actions']>) merged.actions[action] += half.actions[action];
  }
  return merged;
}

export async function benchLoad(database: BenchDatabase, config: BenchConfig): Promise<void> {
  if (chatsPerMinuteAtMost() > CHAT_RATE_LIMIT_PER_MINUTE)
    throw new Error(`load: the mix could send ${chatsPerMinuteAtMost()} chat messages a minute, over the limit of ${CHAT_RATE_LIMIT_PER_MINUTE}`);
  const bench = await startBenchPlatform(database, 'load');
  const { platform, pool } = bench;
  let crud: CrudVotes | null = null;
  let load: MixLoad | null = null;
  let listener: NoticeListener | null = null;
  try {
    const setup = await setUp(platform.url);
    crud = await startCrudVotes({ databaseUrl: bench.database.url, config: bench.config, groupId: NATIONAL_GROUP.groupId });
    listener = await NoticeListener.open(bench.database.url, READ_MODELS_CHANNEL);
    load = MixLoad.start();
    await quiesce(pool);

    const seconds = config.loadSeconds;
    const ours = [database.name, bench.database.name];
    const mix =
      `${MEMBERS} members, each cycling through ${CYCLE.groupPage} group pages, ${CYCLE.topicPage} topic pages, ${CYCLE.vote} votes, ${CYCLE.opinion} opinion, ` +
      `${CYCLE.chat} chat messages and ${CYCLE.delegation} delegation change in a seeded order, ${THINK_MS.min}-${THINK_MS.max} ms think time after each`;
    progress(`load: ${mix}; at most ${chatsPerMinuteAtMost()} chat messages a minute per member (limit ${CHAT_RATE_LIMIT_PER_MINUTE})`);
    /** One slice of the mix (the same seeds: the same actions and pauses), noting CPU and the other databases' activity. */
    const slice = async (label: string, crudRoutes: CrudRoutes | null, measureMs: number) => {
      const started = now();
      const {
        result: { result, cpu },
        activity,
      } = await withServerActivity(pool, ours, () =>
        withCpu(pool, () =>
          load!.run({
            kind: 'mix',
            platform: platform.url,
            crud: crudRoutes,
            members: setup.members,
            groupId: NATIONAL_GROUP.groupId,
            topics: setup.topics,
            seed: SEED,
            warmupMs: Math.max(MIN_WARMUP_MS, config.warmupSeconds * 1000),
            measureMs,
          }),
        ),
      );
      // Lets the projector finish this slice's events, so its work does not spill into the next one.
      if (!(await listener!.caughtUpTo(result.lastPosition, 15_000))) progress(`load (${label}): the projector did not catch up within 15 s`);
      const what = `load test (${label})`;
      const requests = requestsOf(result);
      progress(
        `load (${label}): ${requests} requests answered in ${measureMs / 1000} s = ${(requests / (measureMs / 1000)).toFixed(0)}/s; actions ${JSON.stringify(result.actions)} ` +
          `${cpuNote(cpu, what)} ${activityNote(activity, (now() - started) / 1000, what)}`,
      );
      return result;
    };
    // Each side in two halves, platform, CRUD, CRUD, platform, so drift over the run (growing
    // streams and tables, the neighbours' load on a shared machine) hits both sides alike.
    const crudRoutes: CrudRoutes = { origin: crud.url, votePath: CRUD_VOTE_PATH, tallyPath: crudTallyPath(':id') };
    const halves: Record<'platform' | 'crud', MixResult[]> = { platform: [], crud: [] };
    for (const side of ['platform', 'crud', 'crud', 'platform'] as const) {
      const label = side === 'platform' ? 'platform' : 'CRUD baseline for votes and the opinions read';
      halves[side].push(await slice(label, side === 'crud' ? crudRoutes : null, (seconds * 1000) / 2));
    }
    const real = mergeResults(halves.platform);
    const baseline = mergeResults(halves.crud);

    let errors = 0;
    for (const { route, baseline: baselineRoute } of ROUTES) {
      // The platform served this route on both sides: its errors count from both.
      const mine = figuresOf(route, seconds, real, [baseline]);
      const theirs = baselineRoute === null ? null : figuresOf(baselineRoute, seconds, baseline);
      if (mine.firstError !== null) progress(`load: ${route} first error: ${mine.firstError}`);
      if (theirs?.firstError) progress(`load: ${baselineRoute} first error: ${theirs.firstError}`);
      errors += mine.figures.errors + (theirs?.figures.errors ?? 0);
      process.stdout.write(
        `${JSON.stringify({
          figure: `load test: ${route}, ${MEMBERS} members browsing, voting, posting, chatting and delegating in a fixed mix for ${seconds} s (baseline: the same mix with this route on the CRUD app${baselineRoute === null ? ': none' : ''})`,
          unit: 'ms',
          ...mine.figures,
          baseline: theirs?.figures ?? null,
          target: 'errors = 0',
          meets: mine.figures.errors === 0 && (theirs?.figures.errors ?? 0) === 0,
        })}\n`,
      );
    }
    // The routes the platform still served on the CRUD side, for reading the baseline's conditions.
    const alongside = ROUTES.filter(({ baseline: other }) => other === null).map(({ route }) => {
      const { figures } = figuresOf(route, seconds, baseline);
      return `${route} p50 ${figures.p50} p99 ${figures.p99} ms (${figures.count}, ${figures.errors} errors)`;
    });
    progress(`load (CRUD side, platform routes alongside): ${alongside.join('; ')}`);
    process.stdout.write(
      `${JSON.stringify({
        figure: `load test: all requests, ${mix}, for ${seconds} s (baseline: the same mix with votes and the opinions read on the CRUD app)`,
        unit: 'requests/s',
        value: round(requestsOf(real) / seconds, 1),
        baseline: round(requestsOf(baseline) / seconds, 1),
        errors,
        target: 'errors = 0',
        meets: errors === 0,
      })}\n`,
    );
  } finally {
    await load?.close();
    await listener?.close();
    await crud?.close();
    await bench.close();
  }
}
