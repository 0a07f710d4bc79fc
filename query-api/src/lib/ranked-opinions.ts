import { RANKED_OPINIONS_METHOD, decidesAmongOpinions, type ElectionMethod, type Ranking, type TopicType } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { preferenceGroups } from './preference-groups';

/**
 * The opinions of a law amendment or dispute resolution decided among its opinions (issue #34 item 2;
 * docs/decisions.md, Election methods): such a topic takes ranked ballots, not votes, so while it is
 * open each opinion's counts are how it fares against "no change" (the topic's own id) on them:
 * support = the ballots ranking it above no change, oppose = those ranking no change above it, direct
 * (every ballot once) and weighted (each ballot with its voter's row in the delegation projection).
 * These are the tally module's (events/src/audit/topic-tally.ts, rankedOpinionTallies): a cell of the
 * Schulze matrix's no-change row and column. Once closed, the opinions' own rows hold the closing
 * tallies (opinions and delegation projections), read as for any topic.
 */

export interface AgainstNoChange {
  supportCount: number;
  opposeCount: number;
  weightedSupport: number;
  weightedOppose: number;
}

/** Identical rankings of a topic, counted together. */
export interface RankingGroup {
  ranking: Ranking;
  /** How many ballots rank so. */
  ballots: number;
  /** Their weight, delegation applied (0 for a voter not eligible). */
  weight: number;
}

/** Whether a topic (a `topics` row) is decided among its opinions. */
export const isRankedOpinionsTopic = (row: { type: TopicType; method: ElectionMethod | null }) =>
  decidesAmongOpinions({ type: row.type, method: row.method ?? undefined });

/** Whether its opinions are counted from its ballots now: decided among them and not closed (then its rows hold the closing tallies). */
export const countsFromBallots = (row: { type: TopicType; method: ElectionMethod | null; status: string }) =>
  isRankedOpinionsTopic(row) && row.status === 'active';

const NONE: AgainstNoChange = { supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0 };

/**
 * Each opinion's counts against no change, as `pairwiseMatrix` (schulze.ts) counts them: an option
 * keeps the first tier naming it, an option a ballot does not name ranks below every named one (so a
 * ballot naming no change puts it above every opinion it leaves out, and one leaving no change out ties
 * it with those). Linear in the ballots' length, not in ballots times opinions: what a ballot naming no
 * change gives every opinion it leaves out is added once, and taken back from the opinions it names.
 */
export function againstNoChange(noChange: string, opinionIds: readonly string[], groups: Iterable<RankingGroup>): Map<string, AgainstNoChange> {
  const counts = new Map(opinionIds.map((id) => [id, { ...NONE }]));
  const unnamedBelow = { ...NONE };
  for (const { ranking, ballots, weight } of groups) {
    const tiers = new Map<string, number>();
    ranking.forEach((tier, at) => tier.forEach((id) => tiers.has(id) || tiers.set(id, at)));
    const noChangeTier = tiers.get(noChange) ?? ranking.length;
    const named = noChangeTier < ranking.length;
    if (named) {
      unnamedBelow.opposeCount += ballots;
      unnamedBelow.weightedOppose += weight;
    }
    for (const [id, tier] of tiers) {
      const count = counts.get(id);
      if (!count) continue;
      if (named) {
        count.opposeCount -= ballots;
        count.weightedOppose -= weight;
      }
      if (tier < noChangeTier) {
        count.supportCount += ballots;
        count.weightedSupport += weight;
      } else if (tier > noChangeTier) {
        count.opposeCount += ballots;
        count.weightedOppose += weight;
      }
    }
  }
  for (const count of counts.values()) {
    count.opposeCount += unnamedBelow.opposeCount;
    count.weightedOppose += unnamedBelow.weightedOppose;
  }
  return counts;
}

/**
 * The counts of the opinions of every topic among `topicIds` that is decided among its opinions and
 * not closed (expired ones too: their closing counts the same ballots), from the read models; the
 * opinions of other topics are absent (their rows hold their counts).
 */
export async function openRankedOpinionCounts(
  readModels: Kysely<ReadModels>,
  topicIds: readonly string[],
): Promise<Map<string, AgainstNoChange & { topicId: string }>> {
  if (topicIds.length === 0) return new Map();
  const topics = await readModels
    .selectFrom('topics')
    .select(['id', 'type', 'method'])
    .where('id', 'in', [...new Set(topicIds)])
    .where('method', '=', RANKED_OPINIONS_METHOD)
    .where('status', '=', 'active')
    .execute();
  const ranked = topics.filter(isRankedOpinionsTopic).map((topic) => topic.id);
  if (ranked.length === 0) return new Map();
  const [opinions, groups] = await Promise.all([
    readModels.selectFrom('opinions').select(['id', 'topic_id']).where('topic_id', 'in', ranked).execute(),
    preferenceGroups(readModels, ranked, 'ranking'),
  ]);
  const counts = new Map<string, AgainstNoChange & { topicId: string }>();
  for (const topicId of ranked) {
    const ids = opinions.filter((opinion) => opinion.topic_id === topicId).map((opinion) => opinion.id);
    const ofTopic = groups.filter((group) => group.topic_id === topicId);
    for (const [id, count] of againstNoChange(topicId, ids, ofTopic)) counts.set(id, { ...count, topicId });
  }
  return counts;
}
