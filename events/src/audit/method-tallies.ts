import { recount, type DelegationNetwork } from '../delegation/weighted-tally';
import { methodOf } from '../elections/election-method';
import type { CandidateRegistered } from '../elections/election.events';
import { pairwiseMatrix, schulze, type Ranking, type SchulzeCount } from '../elections/schulze';
import type { ElectionOutcome, OpinionStanding, SubjectTally, TopicResult, TopicTallies, TopicTallyState } from './topic-tally-types';

/**
 * What a method's count gives, with the weight that took part (every ballot's, delegation applied:
 * each member once, so the quorum needs no count of its own); quorum and majority are the fold's (topic-tally.ts).
 */
export type MethodCount = Omit<TopicTallies, 'quorum' | 'decidedBy'> & { participatingWeight: number };

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/**
 * The tally module's counting by method (issue #34): elections by plurality, Schulze or approval,
 * and a law amendment or dispute resolution decided among its opinions. topic-tally.ts folds the
 * events and calls these with the group's delegation network; this file imports nothing of it.
 */

/** Everyone whose weight could reach a choice: who chose, who delegates, who is delegated to. */
export type MembersOf = (choosers: Iterable<string>) => Set<string>;

/** No outcome: pending, or nobody won and nothing was enacted. */
export const NO_RESULT = { opinionId: null, winnerId: null, winnerCandidateId: null, weightedSupport: null } as const;

/** The candidate with the most weighted support wins; a tie goes to the earliest registration; nobody wins on no weight. */
export function electionWinner(
  candidates: ReadonlyArray<Pick<CandidateRegistered['data'], 'candidateId' | 'userId'>>,
  tallies: readonly SubjectTally[],
): ElectionOutcome {
  let best: { userId: string; candidateId: string; weight: number } | null = null;
  for (const [index, candidate] of candidates.entries()) {
    const weight = tallies[index]!.weightedSupport;
    if (weight > 0 && (!best || weight > best.weight)) best = { userId: candidate.userId, candidateId: candidate.candidateId, weight };
  }
  return { winnerId: best?.userId ?? null, winnerCandidateId: best?.candidateId ?? null };
}

/** How much each candidate is chosen: directly (ballots) and weighted (delegation applied). */
interface CandidateCounts {
  direct: Map<string, number>;
  weighted: Map<string, number>;
}

const add = (counts: Map<string, number>, id: string, amount: number) => counts.set(id, (counts.get(id) ?? 0) + amount);

/**
 * Schulze and approval ballots: a delegator's weight reaches the first member of their chain who
 * cast a ballot and counts with that whole ballot (issue #34 item 4), so the weight of each ballot is
 * the weighted rule run with each voter choosing "my own ballot". A candidate's counts are its
 * approvals, or for Schulze its first preferences (the top tier); the ranking decides through the matrix.
 */
export function preferenceCounts(state: TopicTallyState, network: DelegationNetwork, members: MembersOf) {
  const own = new Map([...state.preferences.keys()].map((voter) => [voter, voter]));
  const ballotWeights = recount(network, own, members(own.keys()));
  const counts: CandidateCounts = { direct: new Map(), weighted: new Map() };
  const ballots: Array<{ ranking: Ranking; weight: number }> = [];
  for (const [voter, ranking] of state.preferences) {
    const weight = ballotWeights.get(voter) ?? 0;
    ballots.push({ ranking, weight });
    for (const candidateId of new Set(ranking[0])) {
      add(counts.direct, candidateId, 1);
      if (weight > 0) add(counts.weighted, candidateId, weight);
    }
  }
  return { counts, ballots };
}

export function electionTallies(state: TopicTallyState, network: DelegationNetwork, members: MembersOf, counted: (id: string) => boolean): MethodCount {
  const method = methodOf(state.topic ?? {});
  let counts: CandidateCounts;
  let count: SchulzeCount | null = null;
  let participatingWeight: number;
  if (method === 'plurality') {
    counts = { direct: new Map(), weighted: recount(network, state.ballots, members(state.ballots.keys())) };
    for (const candidateId of state.ballots.values()) add(counts.direct, candidateId, 1);
    participatingWeight = sum(counts.weighted.values());
  } else {
    const preferences = preferenceCounts(state, network, members);
    counts = preferences.counts;
    participatingWeight = sum(preferences.ballots.map((ballot) => ballot.weight));
    if (method === 'schulze')
      count = schulze(
        state.candidates.map((candidate) => candidate.candidateId),
        preferences.ballots,
      );
  }
  const candidates = state.candidates.map((candidate) => ({
    subjectId: candidate.candidateId,
    supportCount: counted(candidate.candidateId) ? (counts.direct.get(candidate.candidateId) ?? 0) : 0,
    opposeCount: 0,
    weightedSupport: counted(candidate.candidateId) ? (counts.weighted.get(candidate.candidateId) ?? 0) : 0,
    weightedOppose: 0,
  }));
  const election = count ? schulzeWinner(state.candidates, count) : electionWinner(state.candidates, candidates);
  const result: TopicResult =
    state.status !== 'closed'
      ? { kind: 'pending', ...NO_RESULT }
      : election.winnerId && election.winnerCandidateId
        ? {
            kind: 'winner',
            opinionId: null,
            winnerId: election.winnerId,
            winnerCandidateId: election.winnerCandidateId,
            weightedSupport: candidates.find((c) => c.subjectId === election.winnerCandidateId)!.weightedSupport,
          }
        : { kind: 'none', ...NO_RESULT };
  return { method, schulze: count, opinions: [], candidates, standings: [], election, result, participatingWeight };
}

/**
 * A law amendment or dispute resolution decided among its opinions (issue #34 item 2): members rank
 * the opinions and "no change", which is the topic's own id (never an opinion's, and kept as it is in
 * every leaf); Schulze over [no change, ...opinions in posting order] decides, so a tie by strongest
 * paths goes to no change; the winner is enacted only if it also beats no change head to head. An
 * opinion's tally is how it fares against no change: support, the ballots ranking it above; oppose,
 * those ranking no change above it (direct and weighted).
 */
export function rankedOpinionTallies(state: TopicTallyState, network: DelegationNetwork, members: MembersOf): MethodCount {
  const noChange = state.topicId;
  const options = [noChange, ...state.opinions.map((opinion) => opinion.opinionId)];
  const { ballots } = preferenceCounts(state, network, members);
  const count = schulze(options, ballots);
  const participatingWeight = sum(ballots.map((ballot) => ballot.weight));
  const direct = pairwiseMatrix(
    options,
    ballots.map((ballot) => ({ ranking: ballot.ranking, weight: 1 })),
  ).pairwise;
  const opinions: SubjectTally[] = [];
  const standings: OpinionStanding[] = [];
  state.opinions.forEach((opinion, index) => {
    const at = index + 1;
    const tally = {
      subjectId: opinion.opinionId,
      supportCount: direct[at]![0]!,
      opposeCount: direct[0]![at]!,
      weightedSupport: count.pairwise[at]![0]!,
      weightedOppose: count.pairwise[0]![at]!,
    };
    opinions.push(tally);
    standings.push({
      opinionId: opinion.opinionId,
      proposerId: opinion.proposerId,
      weightedSupport: tally.weightedSupport,
      weightedOppose: tally.weightedOppose,
      postedAt: opinion.postedAt,
    });
  });
  const first = count.winners[0];
  const winner = first !== undefined && first !== noChange ? standings.find((standing) => standing.opinionId === first) : undefined;
  const enacted = winner && winner.weightedSupport > winner.weightedOppose ? winner : null;
  const result: TopicResult =
    state.status !== 'closed'
      ? { kind: 'pending', ...NO_RESULT }
      : enacted
        ? { kind: 'law_enacted', opinionId: enacted.opinionId, winnerId: null, winnerCandidateId: null, weightedSupport: enacted.weightedSupport }
        : { kind: 'none', ...NO_RESULT };
  return { method: 'schulze', schulze: count, opinions, candidates: [], standings, election: null, result, participatingWeight };
}

/** The Schulze winner; of several (a tie by strongest paths) the earliest registration, as plurality breaks its ties. */
export function schulzeWinner(candidates: ReadonlyArray<Pick<CandidateRegistered['data'], 'candidateId' | 'userId'>>, count: SchulzeCount): ElectionOutcome {
  const first = count.winners[0];
  const winner = first === undefined ? undefined : candidates.find((candidate) => candidate.candidateId === first);
  return { winnerId: winner?.userId ?? null, winnerCandidateId: winner?.candidateId ?? null };
}
