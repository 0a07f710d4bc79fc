import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { READ_MODELS_CHANNEL } from '@civitas/service-kit/read-models';
import type { TestClient } from '../test-support/http-client';
import { startBenchPlatform } from './lib/bench-platform';
import type { BenchConfig } from './lib/config';
import { cpuNote, withCpu, type CpuUse } from './lib/cpu';
import { CRUD_VOTE_PATH, crudTallyPath, startCrudVotes, type CrudVotes } from './lib/crud-votes';
import { quiesce, type BenchDatabase } from './lib/database';
import { summarise, type Latencies } from './lib/latency';
import { now } from './lib/measure';
import { NoticeListener } from './lib/notices';
import { emit, progress } from './lib/report';
import { activityNote, withServerActivity, type ServerActivity } from './lib/server-activity';
import { VoteLoad } from './lib/vote-load';
import type { StalenessResult, VoteTarget, VotesResult } from './lib/vote-worker';
import { inBatches } from './lib/setup';
import { expectStatus, registerMember, subscribeMonthly, verifyCitizen } from '../test-support/members';

/** Concurrent members voting on the hot topic, each on a keep-alive connection of its own. */
const MEMBERS = 32;
const OPINIONS = 4;
/** Members who do not vote but delegate to a voter: 10% of the group's members, so every tally carries delegated weight. */
const DELEGATORS = Math.ceil((MEMBERS + 1) / 9);
/** Saudi Arabia's national group: eligibility needs a verified Saudi nationality, read from the member's stream. */
const NATIONAL_GROUP = { country: 'Saudi Arabia', groupId: 1682 };
const TARGET_RATIO = 0.8;
const TARGET_VOTE_P99_MS = 50;
const TARGET_STALENESS_P99_MS = 100;
/** Unmeasured lead-in of every measured slice (the connections are warm already). */
const SLICE_LEAD_IN_MS = 250;
/** Registrations run a few at a time: argon2 hashing is what makes them slow. */
const REGISTRATION_CONCURRENCY = 4;

/** CPU ms of this process's main thread (the servers' event loop), apart from the clients' worker; null off Linux. */
function mainThreadMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
  } catch {
    return null;
  }
}

interface Member {
  client: TestClient;
  cookie: string;
}

/** A member signed in through the API and verified as a citizen of the national group's country. */
async function newMember(baseUrl: string, index: number, runId: string): Promise<Member> {
  const { client } = await registerMember(baseUrl, { email: `bench.voter.${runId}.${index}@example.org` });
  await verifyCitizen(client, NATIONAL_GROUP.country, `BENCH${runId}${String(index).padStart(4, '0')}`);
  return { client, cookie: client.cookieHeader };
}

/** The platform with its members, one hot topic in the national group and its opinions. */
async function setUp(baseUrl: string) {
  const started = now();
  const runId = randomBytes(4).toString('hex');
  // MEMBERS voters plus one probe member whose votes the staleness figure times, plus the delegators.
  const everyone = await inBatches(MEMBERS + 1 + DELEGATORS, REGISTRATION_CONCURRENCY, (index) => newMember(baseUrl, index, runId));
  const members = everyone.slice(0, MEMBERS + 1);
  for (const [index, delegator] of everyone.slice(MEMBERS + 1).entries()) {
    const delegate = members[index % MEMBERS]!;
    const me = await expectStatus('current user', await delegate.client.request('GET', '/api/auth/user'), 200);
    const delegated = await delegator.client.post('/api/delegations', { delegateId: me.id, groupId: NATIONAL_GROUP.groupId });
    if (delegated.status >= 300) throw new Error(`delegate: ${delegated.status} ${await delegated.text()}`);
  }
  const author = members[0]!.client;
  await subscribeMonthly(author, baseUrl);
  const topic = await expectStatus(
    'create topic',
    await author.post('/api/topics', {
      title: 'Bench: extend library opening hours',
      description: 'Libraries should open until 22:00 on weekdays so that students and workers can use them.',
      groupId: NATIONAL_GROUP.groupId,
    }),
    201,
  );
  const topicId = topic.topic.id as string;
  const opinionIds: string[] = [];
  for (let index = 0; index < OPINIONS; index += 1) {
    const opinion = await expectStatus(
      'post opinion',
      await members[index]!.client.post('/api/opinions', { topicId, content: `Opinion ${index + 1} of the bench on the opening hours.` }),
      201,
    );
    opinionIds.push(opinion.opinion.id as string);
  }
  // A ranked election in the same group, two candidates, where only the probe casts ballots (issue #34's staleness figure).
  await subscribeMonthly(members[1]!.client, baseUrl);
  // National groups hold elections as their main (leadership) election, opened here ranked.
  const election = await expectStatus(
    'open the ranked main election',
    await author.post(`/api/groups/${NATIONAL_GROUP.groupId}/main-election`, { method: 'schulze' }),
    201,
  );
  const electionId = election.election.id as string;
  const candidateIds: string[] = [];
  for (const member of members.slice(0, 2)) {
    const registered = await expectStatus('register candidate', await member.client.post('/api/candidates', { topicId: electionId }), 201);
    candidateIds.push(registered.candidate.id as string);
  }
  progress(
    `votes: ${everyone.length} members registered and verified (${DELEGATORS} of them delegating to a voter), topic and ${OPINIONS} opinions in group ${NATIONAL_GROUP.groupId} in ${((now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    voters: members.slice(0, MEMBERS).map((member) => member.cookie),
    probe: members[MEMBERS]!.cookie,
    topicId,
    opinionIds,
    ballot: {
      path: `/api/topics/${electionId}/ballot`,
      resultPath: `/api/topics/${electionId}/result`,
      candidateIds: [candidateIds[0]!, candidateIds[1]!] as [string, string],
    },
  };
}

function meanCpu(uses: readonly CpuUse[]): CpuUse {
  const mean = (pick: (use: CpuUse) => number) => uses.reduce((sum, use) => sum + pick(use), 0) / uses.length;
  return {
    node: mean((use) => use.node),
    postgres: uses.some((use) => use.postgres === null) ? null : mean((use) => use.postgres!),
    machine: mean((use) => use.machine),
  };
}

interface Side {
  target: VoteTarget;
  completed: number;
  seconds: number;
  latencies: number[];
  failed: number;
  notWritten: number;
  firstFailure: string | null;
  cpu: CpuUse[];
  activity: ServerActivity;
  /** CPU ms of the main thread over the side's slices (lead-ins included). */
  mainMs: number | null;
  wallMs: number;
}

function merge(side: Side, result: VotesResult, seconds: number, cpu: CpuUse, activity: ServerActivity, main: { ms: number | null; wallMs: number }) {
  side.mainMs = side.mainMs === null || main.ms === null ? null : side.mainMs + main.ms;
  side.wallMs += main.wallMs;
  side.completed += result.completed;
  side.seconds += seconds;
  side.latencies.push(...result.latencies);
  side.failed += result.failed;
  side.notWritten += result.notWritten;
  side.firstFailure ??= result.firstFailure;
  side.cpu.push(cpu);
  side.activity.transactions += activity.transactions;
  side.activity.created += activity.created;
  side.activity.dropped += activity.dropped;
}

function describe(name: string, side: Side): { perSecond: number; latency: Latencies } {
  const perSecond = side.completed / side.seconds;
  const latency = summarise(side.latencies);
  const main =
    side.mainMs === null
      ? ''
      : `, main thread (servers) ${(side.mainMs / side.wallMs).toFixed(2)} cores = ${(side.mainMs / side.completed).toFixed(2)} ms/vote`;
  progress(
    `votes (${name}): ${side.completed} votes in ${side.seconds.toFixed(1)} s = ${perSecond.toFixed(0)}/s, latency p50 ${latency.p50.toFixed(2)} ms p99 ${latency.p99.toFixed(2)} ms, ` +
      `${side.failed} failed${side.firstFailure ? ` (first: ${side.firstFailure})` : ''}, ${side.notWritten} not written${main} ${cpuNote(meanCpu(side.cpu), `votes over HTTP (${name})`)} ` +
      activityNote(side.activity, side.seconds, `votes over HTTP (${name})`),
  );
  return { perSecond, latency };
}

export async function benchVotes(database: BenchDatabase, config: BenchConfig): Promise<void> {
  const bench = await startBenchPlatform(database, 'votes');
  const { platform, pool } = bench;
  let crud: CrudVotes | null = null;
  let load: VoteLoad | null = null;
  let listener: NoticeListener | null = null;
  try {
    const setup = await setUp(platform.url);
    crud = await startCrudVotes({
      databaseUrl: bench.database.url,
      config: bench.config,
      groupId: NATIONAL_GROUP.groupId,
      fixed: { topicId: setup.topicId, opinionIds: setup.opinionIds },
    });
    listener = await NoticeListener.open(bench.database.url, READ_MODELS_CHANNEL);
    load = VoteLoad.start();

    const real: VoteTarget = { label: 'platform', origin: platform.url, votePath: '/api/votes', tallyPath: `/api/topics/${setup.topicId}/opinions` };
    const baseline: VoteTarget = { label: 'crud', origin: crud.url, votePath: CRUD_VOTE_PATH, tallyPath: crudTallyPath(setup.topicId) };
    const sides = new Map(
      [real, baseline].map((target) => [
        target.label,
        {
          target,
          completed: 0,
          seconds: 0,
          latencies: [],
          failed: 0,
          notWritten: 0,
          firstFailure: null,
          cpu: [],
          activity: { transactions: 0, created: 0, dropped: 0 },
          mainMs: 0,
          wallMs: 0,
        } as Side,
      ]),
    );
    const heard = listener;
    /** Lets the projector finish the platform's votes, so its work does not spill into the next slice. */
    const projectorCaughtUp = async (position: string | null) => {
      if (!(await heard.caughtUpTo(position, 15_000))) progress('votes: the projector did not catch up within 15 s');
    };
    const ours = [database.name, bench.database.name];
    /** Runs `work` noting the CPU it took and what the server's other databases did meanwhile. */
    const observed = async <T extends VotesResult>(work: () => Promise<T>) => {
      const {
        result: { result, cpu },
        activity,
      } = await withServerActivity(pool, ours, () => withCpu(pool, work));
      await projectorCaughtUp(result.lastPosition);
      return { result, cpu, activity };
    };
    const slice = async (target: VoteTarget, warmupMs: number, measureMs: number) => {
      // The main thread's CPU includes the projector catching up after the slice: its share of the votes.
      const mainBefore = mainThreadMs();
      const startedAt = now();
      const observation = await observed(() => load!.run({ kind: 'votes', target, voters: setup.voters, opinionIds: setup.opinionIds, warmupMs, measureMs }));
      const mainAfter = mainThreadMs();
      return { ...observation, main: { ms: mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore, wallMs: now() - startedAt } };
    };

    // Warm both servers (JIT, pools, prepared statements), then measure in alternating slices:
    // platform, CRUD, CRUD, platform, so drift over the run (vote streams grow, the tables fill) hits both sides.
    for (const target of [real, baseline]) await slice(target, config.warmupSeconds * 1000, 0);
    await quiesce(pool);
    const halfMs = (config.voteSeconds * 1000) / 2;
    const slices: string[] = [];
    for (const target of [real, baseline, baseline, real]) {
      const { result, cpu, activity, main } = await slice(target, SLICE_LEAD_IN_MS, halfMs);
      merge(sides.get(target.label)!, result, halfMs / 1000, cpu, activity, main);
      slices.push(`${target.label} ${(result.completed / (halfMs / 1000)).toFixed(0)}/s`);
    }
    // Every vote appends to its member's vote stream, and the command reads that whole stream.
    const streams = await pool.query<{ avg: number; max: number }>(
      `select avg(version)::float8 as avg, max(version) as max from streams where stream_id like 'vote-%'`,
    );
    progress(`votes: slices ${slices.join(', ')}; vote streams now hold ${streams.rows[0]!.avg.toFixed(0)} events on average (max ${streams.rows[0]!.max})`);
    const realVotes = describe('platform: POST /api/votes', sides.get(real.label)!);
    const crudVotes = describe('CRUD baseline: same session + eligibility, one INSERT ... ON CONFLICT', sides.get(baseline.label)!);
    const realSide = sides.get(real.label)!;
    const written = realSide.failed === 0 && realSide.notWritten === 0;
    emit({
      figure: `votes over HTTP, ${MEMBERS} members on one hot topic, ${DELEGATORS} more delegating to them (POST /api/votes vs a CRUD route with the same session lookup and eligibility check, then one INSERT ... ON CONFLICT)`,
      value: realVotes.perSecond,
      unit: 'votes/s',
      baseline: crudVotes.perSecond,
      target: `>= ${TARGET_RATIO}x baseline, every vote written`,
      meets: realVotes.perSecond >= TARGET_RATIO * crudVotes.perSecond && written,
    });
    for (const p of ['p50', 'p99'] as const) {
      emit({
        figure: `vote latency ${p} over HTTP, ${MEMBERS} members on one hot topic (baseline: the CRUD route)`,
        value: realVotes.latency[p],
        unit: 'ms',
        baseline: crudVotes.latency[p],
        target: `<= ${TARGET_VOTE_P99_MS} ms`,
        meets: realVotes.latency[p] <= TARGET_VOTE_P99_MS,
      });
    }

    // Staleness: a probe member votes, then polls the tally from a connection of its own
    // (without X-Civitas-Position; the session's noted position still makes a read wait for the
    // projector) until it shows that vote; under the same 32-member load, and with the probe alone.
    const staleness = async (target: VoteTarget, seconds: number, loaded: boolean, ballot?: typeof setup.ballot) => {
      const condition = `${loaded ? `under the ${MEMBERS}-member load` : 'probe alone'}${ballot ? ', ranked ballots' : ''}`;
      const { result, cpu, activity } = await observed(() =>
        load!.run({
          kind: 'staleness',
          target,
          voters: loaded ? setup.voters : [],
          opinionIds: setup.opinionIds,
          warmupMs: 1000,
          measureMs: seconds * 1000,
          probe: setup.probe,
          probeOpinionId: setup.opinionIds[0]!,
          pollGapMs: 2,
          probePauseMs: 20,
          giveUpMs: 5000,
          ...(ballot ? { ballot } : {}),
        }),
      );
      const lag = summarise(result.staleness);
      const poll = summarise(result.pollLatencies);
      const what = `tally staleness (${target.label}, ${condition})`;
      progress(
        `staleness (${target.label}, ${condition}): ${lag.count} probe votes, staleness p50 ${lag.p50.toFixed(2)} ms p99 ${lag.p99.toFixed(2)} ms max ${Math.max(...result.staleness).toFixed(2)} ms, ` +
          `${(result.polls / Math.max(1, lag.count)).toFixed(1)} polls each (poll latency p50 ${poll.p50.toFixed(2)} ms p99 ${poll.p99.toFixed(2)} ms), ${result.unseen} unseen, ${result.probeFailures} probe failures` +
          `${loaded ? `, background ${(result.completed / seconds).toFixed(0)} votes/s, ${result.failed} failed` : ''}${result.firstFailure ? ` (first: ${result.firstFailure})` : ''} ` +
          `${cpuNote(cpu, what)} ${activityNote(activity, seconds + 1, what)}`,
      );
      return { lag, result };
    };
    const seen = (result: StalenessResult) => result.unseen === 0 && result.probeFailures === 0;
    for (const loaded of [true, false]) {
      const seconds = loaded ? config.stalenessSeconds : Math.min(5, config.stalenessSeconds);
      const realStaleness = await staleness(real, seconds, loaded);
      const crudStaleness = await staleness(baseline, Math.min(loaded ? 5 : 3, seconds), loaded);
      for (const p of ['p50', 'p99'] as const) {
        emit({
          figure: `tally staleness ${p}: vote answered -> GET /api/topics/<id>/opinions shows it, ${loaded ? `under the ${MEMBERS}-member load` : 'the probe member alone'} (baseline: the CRUD route's read-after-write)`,
          value: realStaleness.lag[p],
          unit: 'ms',
          baseline: crudStaleness.lag[p],
          target: `<= ${TARGET_STALENESS_P99_MS} ms`,
          meets: realStaleness.lag[p] <= TARGET_STALENESS_P99_MS && seen(realStaleness.result),
        });
      }
      if (!loaded) continue;
      // A ranked ballot's tally (issue #34): the same load, the probe's ballots in a Schulze election beside it; baseline its votes just measured.
      const ballotStaleness = await staleness(real, seconds, loaded, setup.ballot);
      for (const p of ['p50', 'p99'] as const) {
        emit({
          figure: `ballot tally staleness ${p}: ranked ballot answered -> GET /api/topics/<id>/result shows it, under the ${MEMBERS}-member load (baseline: the probe's votes' staleness just before, same load)`,
          value: ballotStaleness.lag[p],
          unit: 'ms',
          baseline: realStaleness.lag[p],
          target: `<= ${TARGET_STALENESS_P99_MS} ms`,
          meets: ballotStaleness.lag[p] <= TARGET_STALENESS_P99_MS && seen(ballotStaleness.result),
        });
      }
    }
  } finally {
    await load?.close();
    await listener?.close();
    await crud?.close();
    await bench.close();
  }
}
