/**
 * The HTTP load generator of the votes bench, run in a worker thread (bench/lib/vote-load.ts) so
 * the clients' own work does not sit on the event loop of the servers they measure. Only Node
 * built-ins: each member is a client of its own with one keep-alive connection per server.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { send, type Answer } from './http-request';

/** One server under load: where votes go and where the tally is read. */
export interface VoteTarget {
  label: string;
  origin: string;
  votePath: string;
  /** GET answering [{ id, myVote, ... }] for the signed-in member. */
  tallyPath: string;
}

export interface VotesJob {
  kind: 'votes';
  target: VoteTarget;
  /** Session cookie headers, one per concurrent member. */
  voters: string[];
  opinionIds: string[];
  warmupMs: number;
  measureMs: number;
}

export interface StalenessJob extends Omit<VotesJob, 'kind'> {
  kind: 'staleness';
  /** A member outside `voters` whose votes are timed until the tally shows them. */
  probe: string;
  probeOpinionId: string;
  /** Pause between one poll's answer and the next poll. */
  pollGapMs: number;
  /** Pause between one probe vote being seen and the next probe vote. */
  probePauseMs: number;
  /** A probe not seen after this long counts as this long (a lower bound) and is reported as unseen. */
  giveUpMs: number;
  /**
   * Time the probe's ranked ballots instead of its votes (issue #34): each ballot ranks one of two
   * candidates above the other, in turn, and a poll of `resultPath` shows it once the first one
   * carries the probe's weight (nobody else casts a ballot there).
   */
  ballot?: { path: string; resultPath: string; candidateIds: [string, string] };
}

export type LoadJob = VotesJob | StalenessJob;

export interface VotesResult {
  /** Votes answered 200 inside the measured window, and their latencies (ms, request sent → body received). */
  completed: number;
  latencies: number[];
  failed: number;
  firstFailure: string | null;
  /** Answers whose voteType was not the one sent (a toggle removed the vote): should stay 0. */
  notWritten: number;
  /** The highest event position answered (the platform's votes), for waiting on the projector. */
  lastPosition: string | null;
}

export interface StalenessResult extends VotesResult {
  /** Per probe vote: its answer received → the first tally answer showing it received, ms. */
  staleness: number[];
  /** Latency of every tally poll, ms. */
  pollLatencies: number[];
  polls: number;
  unseen: number;
  probeFailures: number;
}

const agents = new Map<string, http.Agent>();
/** Each member's standing vote per opinion and server, so every vote sent is the other type: a real write, never a toggle-off. */
const standing = new Map<string, string | null>();

function agentFor(key: string): http.Agent {
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(key, agent);
  }
  return agent;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One vote of `who` on `opinionId`, always the other type than the member's standing vote. */
async function vote(target: VoteTarget, who: string, agentKey: string, opinionId: string, result: VotesResult) {
  const key = `${target.label} ${who} ${opinionId}`;
  const voteType = standing.get(key) === 'support' ? 'oppose' : 'support';
  const sentAt = performance.now();
  let answer: Answer;
  try {
    answer = await send(agentFor(agentKey), target.origin, 'POST', target.votePath, who, { opinionId, voteType });
  } catch (error) {
    answer = { status: 0, body: String(error) };
  }
  const at = performance.now();
  if (answer.status !== 200) {
    result.failed += 1;
    result.firstFailure ??= `${answer.status} ${answer.body.slice(0, 300)}`;
    return { ok: false, at, latency: at - sentAt, voteType };
  }
  const reply = JSON.parse(answer.body) as { voteType: string | null; position?: string | null };
  standing.set(key, reply.voteType);
  if (reply.voteType !== voteType) result.notWritten += 1;
  if (reply.position && (result.lastPosition === null || reply.position > result.lastPosition)) result.lastPosition = reply.position;
  return { ok: true, at, latency: at - sentAt, voteType };
}

/** Closed loop: every voter votes back to back, cycling over the opinions, until `endAt`. */
async function voters(job: LoadJob, windowStart: number, windowEnd: number, until: () => boolean, result: VotesResult) {
  await Promise.all(
    job.voters.map(async (cookie, index) => {
      let turn = index;
      while (!until()) {
        const opinionId = job.opinionIds[turn++ % job.opinionIds.length]!;
        const done = await vote(job.target, cookie, `${job.target.label} voter ${index}`, opinionId, result);
        if (!done.ok) {
          await sleep(10); // a failing server must not be hammered into a busy loop
          continue;
        }
        if (done.at >= windowStart && done.at <= windowEnd) {
          result.completed += 1;
          result.latencies.push(done.latency);
        }
      }
    }),
  );
}

const emptyVotes = (): VotesResult => ({ completed: 0, latencies: [], failed: 0, firstFailure: null, notWritten: 0, lastPosition: null });

async function runVotes(job: VotesJob): Promise<VotesResult> {
  const result = emptyVotes();
  const windowStart = performance.now() + job.warmupMs;
  const windowEnd = windowStart + job.measureMs;
  await voters(job, windowStart, windowEnd, () => performance.now() >= windowEnd, result);
  return result;
}

/**
 * The voters' closed loop as background load, and one probe member who votes, then polls the
 * tally from a connection of its own until the tally shows that vote, then votes again.
 */
/** The probe's write, and how a poll's answer shows it: a vote on the probe opinion, or a ranked ballot. */
async function probeWrite(job: StalenessJob, round: number, result: VotesResult) {
  if (!job.ballot) {
    const voted = await vote(job.target, job.probe, `${job.target.label} probe vote`, job.probeOpinionId, result);
    const shows = (body: string) =>
      (JSON.parse(body) as Array<{ id: string; myVote: string | null }>).find((opinion) => opinion.id === job.probeOpinionId)?.myVote === voted.voteType;
    return { ok: voted.ok, at: voted.at, pollPath: job.target.tallyPath, shows };
  }
  const { path, resultPath, candidateIds } = job.ballot;
  const [first, second] = round % 2 === 0 ? candidateIds : [candidateIds[1], candidateIds[0]];
  let answer: Answer;
  try {
    answer = await send(agentFor(`${job.target.label} probe vote`), job.target.origin, 'POST', path, job.probe, { ranking: [[first], [second]] });
  } catch (error) {
    answer = { status: 0, body: String(error) };
  }
  const at = performance.now();
  if (answer.status !== 200) {
    result.failed += 1;
    result.firstFailure ??= `ballot ${answer.status} ${answer.body.slice(0, 300)}`;
  }
  const shows = (body: string) => {
    const counts = (JSON.parse(body) as { candidates: Array<{ candidateId: string; weightedCount: number }> }).candidates;
    const weightOf = (id: string) => counts.find((candidate) => candidate.candidateId === id)?.weightedCount;
    return weightOf(first) === 1 && weightOf(second) === 0;
  };
  return { ok: answer.status === 200, at, pollPath: resultPath, shows };
}

async function runStaleness(job: StalenessJob): Promise<StalenessResult> {
  const result: StalenessResult = { ...emptyVotes(), staleness: [], pollLatencies: [], polls: 0, unseen: 0, probeFailures: 0 };
  const windowStart = performance.now() + job.warmupMs;
  const windowEnd = windowStart + job.measureMs;
  let probing = true;
  const load = voters(job, windowStart, windowEnd, () => !probing, result);
  const probeResult = emptyVotes();
  const pollAgent = agentFor(`${job.target.label} probe poll`);
  try {
    for (let round = 0; performance.now() < windowEnd; round += 1) {
      const voted = await probeWrite(job, round, probeResult);
      if (!voted.ok) {
        result.probeFailures += 1;
        result.firstFailure ??= probeResult.firstFailure;
        await sleep(10);
        continue;
      }
      let seenAt: number | null = null;
      while (seenAt === null && performance.now() - voted.at < job.giveUpMs) {
        const sentAt = performance.now();
        const answer = await send(pollAgent, job.target.origin, 'GET', voted.pollPath, job.probe);
        const at = performance.now();
        result.polls += 1;
        if (voted.at >= windowStart) result.pollLatencies.push(at - sentAt);
        if (answer.status !== 200) {
          result.probeFailures += 1;
          result.firstFailure ??= `tally ${answer.status} ${answer.body.slice(0, 300)}`;
        } else if (voted.shows(answer.body)) {
          seenAt = at;
          break;
        }
        await sleep(job.pollGapMs);
      }
      if (voted.at >= windowStart) {
        if (seenAt === null) result.unseen += 1;
        result.staleness.push((seenAt ?? performance.now()) - voted.at);
      }
      await sleep(job.probePauseMs);
    }
  } finally {
    probing = false;
    await load;
  }
  return result;
}

parentPort?.on('message', (message: { id: number; job: LoadJob }) => {
  const running = message.job.kind === 'votes' ? runVotes(message.job) : runStaleness(message.job);
  running.then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
