import {
  electionWinner,
  foldAsOf,
  isBefore,
  networkOf,
  recount,
  schulze,
  strongestPaths,
  topicTally,
  type AsOf,
  type EligibilityGroup,
  type ElectionDecided,
  type ElectionMethod,
  type ElectionResultView,
  type PersonSummary,
  type PositionedEvent,
  type SchulzeCount,
  type SubjectTally,
  type TopicClosed,
  type TopicTallyState,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { shownFirstName } from '../lib/person-names';
import { countElection } from './election-counts';
import { quorumFields, type QuorumFields, type QuorumTopic } from './result-quorum';

/**
 * GET /api/topics/<id>/result (issue #34 item 5; docs/decisions.md, Election methods): live from the
 * read models, or `asOf` a moment from the tally module folded over the topic's events.
 */

type Status = ElectionResultView['status'];
type ResultCandidate = ElectionResultView['candidates'][number];

/** The election as the topics read model holds it, and its group (whose eligible weight the quorum is a share of). */
export interface ElectionTopic extends QuorumTopic {
  id: string;
  method: ElectionMethod | null;
  expires_at: Date;
  winner_id: string | null;
  pairwise: number[][] | null;
  group: EligibilityGroup & { id: number };
}

const tallyOf = (candidate: ResultCandidate): SubjectTally => ({
  subjectId: candidate.candidateId,
  supportCount: candidate.directCount,
  opposeCount: 0,
  weightedSupport: candidate.weightedCount,
  weightedOppose: 0,
});

/** The method's current winner: most weight (plurality, approval; the earliest registration of a tie) or the Schulze winner. */
function leaderOf(method: ElectionMethod, candidates: readonly ResultCandidate[], count: SchulzeCount | null): string | null {
  if (method === 'schulze') return count?.winners[0] ?? null;
  return electionWinner(candidates, candidates.map(tallyOf)).winnerCandidateId;
}

/** Schulze from a recorded matrix (ElectionDecided's, or a ranked law's TopicClosed): the strongest paths and unbeaten options as schulze.ts derives them. */
export function schulzeFromMatrix(candidates: string[], pairwise: number[][], ballotWeight: number): SchulzeCount {
  const paths = strongestPaths(pairwise);
  const winners = ballotWeight > 0 ? candidates.filter((_, i) => candidates.every((__, j) => i === j || paths[i]![j]! >= paths[j]![i]!)) : [];
  return { candidates, pairwise, strongestPaths: paths, winners, ballotWeight };
}

function view(
  topicId: string,
  method: ElectionMethod,
  status: Status,
  counted: { candidates: ResultCandidate[]; ballotCount: number; ballotWeight: number; schulze: SchulzeCount | null },
  winnerCandidateId: string | null,
  asOf: string | null,
  quorum: QuorumFields,
): ElectionResultView {
  const closed = status === 'closed';
  return {
    kind: 'election',
    topicId,
    method,
    status,
    candidates: counted.candidates,
    ballotWeight: counted.ballotWeight,
    ballotCount: counted.ballotCount,
    leaderCandidateId: closed ? null : leaderOf(method, counted.candidates, counted.schulze),
    winnerCandidateId: closed ? winnerCandidateId : null,
    pairwise: counted.schulze?.pairwise ?? null,
    strongestPaths: counted.schulze?.strongestPaths ?? null,
    schulzeWinners: counted.schulze?.winners ?? null,
    asOf,
    ...quorum,
  };
}

export const person = (row: { first_name: string | null; last_name: string | null; profile_image_url: string | null } | undefined): PersonSummary => ({
  firstName: row?.first_name ?? null,
  lastName: row?.last_name ?? null,
  profileImageUrl: row?.profile_image_url ?? null,
});

/** The result as the read models hold it now; `isFinal`: the delegation projection holds the closing tallies. */
export async function liveResult(readModels: Kysely<ReadModels>, topic: ElectionTopic, isFinal: boolean, now: Date): Promise<ElectionResultView> {
  const count = await countElection(readModels, topic.id, { method: topic.method, isFinal, wholeRankings: true });
  const status: Status = topic.status === 'closed' ? 'closed' : topic.expires_at <= now ? 'counting' : 'active';
  const candidates = count.candidates.map((row) => ({
    candidateId: row.id,
    userId: row.user_id,
    user: person(row),
    directCount: row.directCount,
    weightedCount: row.weightedCount,
  }));
  const ids = candidates.map((candidate) => candidate.candidateId);
  let counted: SchulzeCount | null = null;
  if (count.method === 'schulze') {
    const recorded = status === 'closed' && topic.pairwise?.length === ids.length ? topic.pairwise : null;
    counted = recorded ? schulzeFromMatrix(ids, recorded, count.ballotWeight) : schulze(ids, count.rankings ?? []);
  }
  // A member stands once per election: the winner's candidacy is theirs.
  const winner = count.candidates.find((row) => row.user_id === topic.winner_id)?.id ?? null;
  // The weight that took part is the ballots' (each voter's chain reaching one ballot), as the tally module counts it.
  const quorum = await quorumFields(readModels, topic, topic.group, count.ballotWeight, now);
  const counts = { candidates, ballotCount: count.ballotCount, ballotWeight: count.ballotWeight, schulze: counted };
  return view(topic.id, count.method, status, counts, winner, null, quorum);
}

const ofTopic = (event: PositionedEvent, topicId: string, type: string) => event.type === type && (event.data as { topicId?: unknown }).topicId === topicId;

/** The weight of every ranked or approval ballot, as the tally module weighs them (topic-tally.ts: each voter choosing their own ballot). */
function preferenceWeight(state: TopicTallyState, at: string): number {
  const own = new Map([...state.preferences.keys()].map((voter) => [voter, voter]));
  const members = [...own.keys(), ...state.delegates.keys(), ...state.delegates.values()];
  let weight = 0;
  for (const ballotWeight of recount(networkOf(state, at), own, members).values()) weight += ballotWeight;
  return weight;
}

/**
 * A topic's fold as it stood at `moment`, as every result asOf reads it: the tally module's fold of
 * the events up to it (foldAsOf, then `tallies`, as the other asOf reads). The fold stops at expiry,
 * so whether the topic had closed by then is read from the same events; past expiry the count is
 * judged at expiry, as the closing judges it. Null: no such topic then (or deleted by then).
 * `openGroupEligible`: an open group's eligible weight now (the read models'), counted by for a topic
 * not closed by then; once closed, the figure its TopicClosed recorded (a group with members counts
 * its own from its stream).
 */
export function foldedAt(topicId: string, log: readonly PositionedEvent[], moment: AsOf, openGroupEligible?: number) {
  const state = foldAsOf(topicId, log, moment);
  const seen = log.filter((event) => isBefore(event, moment));
  if (!state?.topic || seen.some((event) => ofTopic(event, topicId, 'TopicDeleted'))) return null;
  const closed = seen.some((event) => ofTopic(event, topicId, 'TopicClosed'));
  const newest = seen.at(-1)!;
  const momentTime = 'time' in moment ? moment.time : newest.at;
  const expired = state.topic.expiresAt <= momentTime;
  const at = closed || expired ? state.topic.expiresAt : (state.lastAt ?? '');
  /** The last event of this type the topic had by then. */
  const last = <Data>(type: string) => seen.filter((event) => ofTopic(event, topicId, type)).at(-1)?.data as Data | undefined;
  const eligibleWeight = closed ? last<TopicClosed['data']>('TopicClosed')?.quorum?.eligibleWeight : openGroupEligible;
  const tallies = topicTally.tallies(closed ? { ...state, status: 'closed' } : state, { at, eligibleWeight });
  const status: Status = closed ? 'closed' : expired ? 'counting' : 'active';
  return { state, tallies, at, status, last, asOf: newest.position };
}

/** An election's result as it stood at `moment` (foldedAt); who was declared is read from the same events. Null: no such election then. */
export async function resultAsOf(
  readModels: Kysely<ReadModels>,
  topicId: string,
  log: readonly PositionedEvent[],
  moment: AsOf,
  openGroupEligible?: number,
): Promise<ElectionResultView | null> {
  const folded = foldedAt(topicId, log, moment, openGroupEligible);
  if (!folded || folded.state.topic?.type !== 'election') return null;
  const { state, tallies, at, status } = folded;
  const decided = folded.last<ElectionDecided['data']>('ElectionDecided');
  const method = tallies.method ?? 'plurality';

  const users = state.candidates.length
    ? await readModels
        .selectFrom('users as u')
        .select(['u.id', shownFirstName('u'), 'u.last_name', 'u.profile_image_url'])
        .where(
          'u.id',
          'in',
          state.candidates.map((candidate) => candidate.userId),
        )
        .execute()
    : [];
  const byId = new Map(users.map((row) => [row.id, row]));
  const candidates = state.candidates.map((candidate, index) => ({
    candidateId: candidate.candidateId,
    userId: candidate.userId,
    user: person(byId.get(candidate.userId)),
    directCount: tallies.candidates[index]!.supportCount,
    weightedCount: tallies.candidates[index]!.weightedSupport,
  }));
  const plurality = method === 'plurality';
  const ballotCount = plurality ? state.ballots.size : state.preferences.size;
  const ballotWeight = plurality ? candidates.reduce((sum, candidate) => sum + candidate.weightedCount, 0) : preferenceWeight(state, at);
  const winner = decided ? decided.winnerCandidateId : (tallies.election?.winnerCandidateId ?? null);
  const quorum = { quorum: tallies.quorum, decidedBy: tallies.decidedBy };
  return view(topicId, method, status, { candidates, ballotCount, ballotWeight, schulze: tallies.schulze }, winner, folded.asOf, quorum);
}
