import { DEFAULT_ELECTION_METHOD, type ElectionMethod, type Ranking, type WeightedRanking } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';
import { shownFirstName } from '../lib/person-names';
import { preferenceGroups } from '../lib/preference-groups';

/**
 * An election's counts from the read models, by its method (issue #34; docs/decisions.md, Election
 * methods): a candidate's direct count is `candidates.direct_votes` (ballots naming it; approvals;
 * first preferences). The weighted count of plurality is its `weighted_tallies` row; of a ranked or
 * approval ballot election, while it is open, the sum of the weights of the ballots naming it in their
 * top tier, each ballot's weight being the delegation projection's row under its voter's id. Once the
 * election is final its candidates' rows hold the closing tallies, for every method.
 */

export type CandidateRow = Awaited<ReturnType<typeof candidateRows>>[number];

/** The election's candidates in registration order, with names, direct ballots and their own weighted row. */
const candidateRows = (readModels: Kysely<ReadModels>, topicId: string) =>
  readModels
    .selectFrom('candidates as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    // The weighted tally names each candidate by id as its choice (the delegation projection's weighted_tallies).
    .leftJoin('weighted_tallies as w', (join) => join.onRef('w.subject_id', '=', 'c.topic_id').on(sql`w.choice`, '=', sql`c.id::text`))
    .selectAll('c')
    .select([shownFirstName('u'), 'u.last_name', 'u.profile_image_url', sql<number>`coalesce(w.weight, 0)::int`.as('row_weight')])
    .where('c.topic_id', '=', topicId)
    .orderBy('c.created_position')
    .execute();

export interface CountedCandidate extends CandidateRow {
  directCount: number;
  weightedCount: number;
}

export interface ElectionCount {
  method: ElectionMethod;
  /** In registration order. */
  candidates: CountedCandidate[];
  ballotCount: number;
  /** The weight of every ballot (delegation applied). */
  ballotWeight: number;
  /** Schulze: the ballots with their weights, grouped by identical ranking. */
  rankings: WeightedRanking[] | null;
}

export interface CountOptions {
  method: ElectionMethod | null;
  /** The delegation projection holds the closing tallies in the candidates' rows. */
  isFinal: boolean;
  /** Read every ranking whole (the Schulze matrix), not only first preferences. */
  wholeRankings?: boolean;
}

export async function countElection(readModels: Kysely<ReadModels>, topicId: string, options: CountOptions): Promise<ElectionCount> {
  const method = options.method ?? DEFAULT_ELECTION_METHOD;
  const rows = await candidateRows(readModels, topicId);
  if (method === 'plurality') {
    const ballots = await readModels
      .selectFrom('ballots')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('topic_id', '=', topicId)
      .executeTakeFirstOrThrow();
    const candidates = rows.map((row) => ({ ...row, directCount: row.direct_votes, weightedCount: row.row_weight }));
    return { method, candidates, ballotCount: ballots.count, ballotWeight: candidates.reduce((sum, c) => sum + c.weightedCount, 0), rankings: null };
  }
  const groups = await preferenceGroups(readModels, [topicId], options.wholeRankings && method === 'schulze' ? 'ranking' : 'top');
  const live = new Map<string, number>();
  let ballotCount = 0;
  let ballotWeight = 0;
  for (const group of groups) {
    ballotCount += group.ballots;
    if (group.weight <= 0) continue;
    ballotWeight += group.weight;
    for (const candidateId of new Set(group.ranking[0] ?? [])) live.set(candidateId, (live.get(candidateId) ?? 0) + group.weight);
  }
  const candidates = rows.map((row) => ({ ...row, directCount: row.direct_votes, weightedCount: options.isFinal ? row.row_weight : (live.get(row.id) ?? 0) }));
  const rankings = method === 'schulze' && options.wholeRankings ? groups.map((group) => ({ ranking: group.ranking, weight: group.weight })) : null;
  return { method, candidates, ballotCount, ballotWeight, rankings };
}

/** The signed-in member's own ballot as tiers (a plurality ballot is one tier of one); null when none. */
export async function myBallot(readModels: Kysely<ReadModels>, topicId: string, method: ElectionMethod | null, userId: string | null): Promise<Ranking | null> {
  if (!userId) return null;
  if ((method ?? DEFAULT_ELECTION_METHOD) === 'plurality') {
    const row = await readModels.selectFrom('ballots').select('candidate_id').where('topic_id', '=', topicId).where('user_id', '=', userId).executeTakeFirst();
    return row ? [[row.candidate_id]] : null;
  }
  const row = await readModels
    .selectFrom('preference_ballots')
    .select('ranking')
    .where('topic_id', '=', topicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.ranking ?? null;
}

/** A candidate's tier on a ballot (0 is the top), null when the ballot does not name it. */
export function rankOn(ballot: Ranking | null, candidateId: string): number | null {
  const tier = ballot?.findIndex((candidates) => candidates.includes(candidateId)) ?? -1;
  return tier < 0 ? null : tier;
}
