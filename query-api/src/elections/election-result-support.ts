import {
  decidesAmongOpinions,
  typeEnactsLaw,
  winningOpinion,
  type AsOf,
  type EligibilityGroup,
  type LawEnacted,
  type OpinionStanding,
  type PositionedEvent,
  type SubjectTally,
  type SupportResultView,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';
import { foldedAt } from './election-result';
import { countsQuorumLive, quorumFields, type QuorumFields, type QuorumTopic } from './result-quorum';

/**
 * GET /api/topics/<id>/result for a law amendment or dispute resolution decided by support and oppose
 * on each opinion (issue #34 item 3; docs/decisions.md, Quorum and majority): each opinion's counts,
 * the leading opinion by the closing rule (winningOpinion: the most weighted support, beating its
 * opposition and, opened with a quorum, more than half of the weight that took part), live from the
 * read models or `asOf` from the tally module's fold.
 */

type Status = SupportResultView['status'];

/** The weight whose chains reach these voters in the group, each member once (the delegation feature's graph, wired in app.ts). */
export type WeightReaching = (group: EligibilityGroup & { groupId: number }, voterIds: readonly string[]) => Promise<number>;

/** The law topic as the topics read model holds it, and its group (whose eligible weight the quorum is a share of). */
export interface SupportTopic extends QuorumTopic {
  id: string;
  expires_at: Date;
  group: EligibilityGroup & { id: number };
}

/** The opinions in posting order with their direct counts and weighted rows (the closing tallies once closed: the delegation projection's). */
const opinionRows = (readModels: Kysely<ReadModels>, topicId: string) =>
  readModels
    .selectFrom('opinions as o')
    .leftJoin('weighted_tallies as ws', (join) => join.onRef('ws.subject_id', '=', 'o.id').on('ws.choice', '=', 'support'))
    .leftJoin('weighted_tallies as wo', (join) => join.onRef('wo.subject_id', '=', 'o.id').on('wo.choice', '=', 'oppose'))
    .select([
      'o.id',
      'o.user_id',
      'o.created_at',
      'o.support_count',
      'o.oppose_count',
      sql<number>`coalesce(ws.weight, 0)::int`.as('weighted_support'),
      sql<number>`coalesce(wo.weight, 0)::int`.as('weighted_oppose'),
    ])
    .where('o.topic_id', '=', topicId)
    .orderBy('o.posted_position')
    .execute();

/** The weight that reached any vote on the topic, delegation applied: each member once, however many opinions they voted on. */
async function participatingWeight(readModels: Kysely<ReadModels>, topic: SupportTopic, weightReaching: WeightReaching): Promise<number> {
  const voters = await readModels.selectFrom('votes').select('user_id').distinct().where('topic_id', '=', topic.id).execute();
  return weightReaching(
    { ...topic.group, groupId: topic.group.id },
    voters.map((row) => row.user_id),
  );
}

function view(
  topicId: string,
  status: Status,
  tallies: readonly SubjectTally[],
  leader: OpinionStanding | null,
  enactedOpinionId: string | null,
  asOf: string | null,
  quorum: QuorumFields,
): SupportResultView {
  const closed = status === 'closed';
  return {
    kind: 'support',
    topicId,
    status,
    opinions: tallies.map((tally) => ({
      opinionId: tally.subjectId,
      supportCount: tally.supportCount,
      opposeCount: tally.opposeCount,
      weightedSupport: tally.weightedSupport,
      weightedOppose: tally.weightedOppose,
    })),
    leaderOpinionId: closed ? null : (leader?.opinionId ?? null),
    enactedOpinionId: closed ? enactedOpinionId : null,
    asOf,
    ...quorum,
  };
}

/** The result as the read models hold it now: the live weighted rows while open, the closing ones and its LawEnacted once closed. */
export async function liveSupportResult(
  readModels: Kysely<ReadModels>,
  topic: SupportTopic,
  weightReaching: WeightReaching,
  now: Date,
): Promise<SupportResultView> {
  const [rows, law, participating] = await Promise.all([
    opinionRows(readModels, topic.id),
    readModels.selectFrom('laws').select('opinion_id').where('topic_id', '=', topic.id).executeTakeFirst(),
    countsQuorumLive(topic) ? participatingWeight(readModels, topic, weightReaching) : null,
  ]);
  const status: Status = topic.status === 'closed' ? 'closed' : topic.expires_at <= now ? 'counting' : 'active';
  const tallies = rows.map((row) => ({
    subjectId: row.id,
    supportCount: row.support_count,
    opposeCount: row.oppose_count,
    weightedSupport: row.weighted_support,
    weightedOppose: row.weighted_oppose,
  }));
  const standings = rows.map((row) => ({
    opinionId: row.id,
    proposerId: row.user_id,
    weightedSupport: row.weighted_support,
    weightedOppose: row.weighted_oppose,
    postedAt: row.created_at.toISOString(),
  }));
  // No live count (closed, or opened before quorums): the figures are the recorded ones or none.
  const quorum = await quorumFields(readModels, topic, topic.group, participating ?? 0, now);
  return view(topic.id, status, tallies, winningOpinion(standings, participating), law?.opinion_id ?? null, null, quorum);
}

/**
 * The result as it stood at `moment`: the tally module's fold (foldedAt), its opinions' tallies and
 * standings; the law from a LawEnacted by then, else what the closing rule gives. Null: no such topic
 * then, or not one decided by support and oppose.
 */
export function supportResultAsOf(topicId: string, log: readonly PositionedEvent[], moment: AsOf, openGroupEligible?: number): SupportResultView | null {
  const folded = foldedAt(topicId, log, moment, openGroupEligible);
  const topic = folded?.state.topic;
  if (!folded || !topic || !typeEnactsLaw(topic.type) || decidesAmongOpinions(topic)) return null;
  const { tallies, status } = folded;
  const leader = winningOpinion(tallies.standings, tallies.quorum?.participatingWeight ?? null);
  const enacted = folded.last<LawEnacted['data']>('LawEnacted')?.opinionId ?? tallies.result.opinionId;
  return view(topicId, status, tallies.opinions, leader, enacted, folded.asOf, { quorum: tallies.quorum, decidedBy: tallies.decidedBy });
}
