import {
  decidesAmongOpinions,
  schulze,
  type AsOf,
  type EligibilityGroup,
  type LawEnacted,
  type PositionedEvent,
  type RankedOpinionsResultView,
  type Ranking,
  type SchulzeCount,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';
import { shownText } from '../lib/hidden-content';
import { shownFirstName } from '../lib/person-names';
import { againstNoChange, type AgainstNoChange } from '../lib/ranked-opinions';
import { preferenceGroups } from '../lib/preference-groups';
import { myBallot } from './election-counts';
import { foldedAt, person, schulzeFromMatrix } from './election-result';
import { quorumFields, type QuorumFields, type QuorumTopic } from './result-quorum';

/**
 * GET /api/topics/<id>/result for a law amendment or dispute resolution decided among its opinions
 * (issue #34 item 2; docs/decisions.md, Election methods): Schulze over [no change (the topic's id),
 * ...opinions in posting order], live from the read models or `asOf` from the tally module's fold.
 * An opinion is enacted only if it is the Schulze winner and beats no change head to head.
 */

type Status = RankedOpinionsResultView['status'];

/** The ranked law topic as the topics read model holds it, and its group (whose eligible weight the quorum is a share of). */
export interface RankedOpinionsTopic extends QuorumTopic {
  id: string;
  expires_at: Date;
  pairwise: number[][] | null;
  group: EligibilityGroup & { id: number };
}

/** Who reads: their own ranking is shown to them (`userId`, null signed out), hidden content to admins (`revealed`). */
export interface Reader {
  userId: string | null;
  revealed: boolean;
}

/** An option's opinion as the opinions read shows it: what an admin hid is blank but to admins (docs/decisions.md, Moderation actions). */
const opinionRows = (readModels: Kysely<ReadModels>, topicId: string) =>
  readModels
    .selectFrom('opinions as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('hidden_content as h', (join) => join.on('h.target_type', '=', 'opinion').onRef('h.target_id', '=', 'o.id'))
    // Once closed, the closing tallies are the opinion's own rows (the opinions and delegation projections).
    .leftJoin('weighted_tallies as ws', (join) => join.onRef('ws.subject_id', '=', 'o.id').on('ws.choice', '=', 'support'))
    .leftJoin('weighted_tallies as wo', (join) => join.onRef('wo.subject_id', '=', 'o.id').on('wo.choice', '=', 'oppose'))
    .select([
      'o.id',
      'o.content',
      'o.support_count',
      'o.oppose_count',
      sql<number>`coalesce(ws.weight, 0)::int`.as('weighted_support'),
      sql<number>`coalesce(wo.weight, 0)::int`.as('weighted_oppose'),
      'h.reason as hidden_reason',
      shownFirstName('u'),
      'u.last_name',
      'u.profile_image_url',
    ])
    .where('o.topic_id', '=', topicId)
    // Posting order: the store's order, the one the tally module folds them in.
    .orderBy('o.posted_position')
    .execute();
type OpinionRow = Awaited<ReturnType<typeof opinionRows>>[number];

/** The opinion Schulze would enact: the first unbeaten option, if it is not no change (first) and beats no change head to head. */
function enactedBy(count: SchulzeCount): string | null {
  const first = count.winners[0];
  const at = first === undefined ? 0 : count.candidates.indexOf(first);
  return at > 0 && count.pairwise[at]![0]! > count.pairwise[0]![at]! ? first! : null;
}

function view(
  topicId: string,
  status: Status,
  opinions: ReadonlyArray<{ row: OpinionRow | undefined; id: string; counts: AgainstNoChange }>,
  revealed: boolean,
  count: SchulzeCount,
  ballotCount: number,
  enactedOpinionId: string | null,
  asOf: string | null,
  myRanking: Ranking | null,
  quorum: QuorumFields,
): RankedOpinionsResultView {
  const closed = status === 'closed';
  return {
    kind: 'opinions',
    topicId,
    method: 'schulze',
    status,
    options: [
      { optionId: topicId, isNoChange: true, opinion: null, directAbove: 0, directBelow: 0, weightedAbove: 0, weightedBelow: 0 },
      ...opinions.map(({ row, id, counts }) => ({
        optionId: id,
        isNoChange: false,
        opinion: { id, content: row ? shownText(row.content, row.hidden_reason, revealed) : '', author: person(row) },
        directAbove: counts.supportCount,
        directBelow: counts.opposeCount,
        weightedAbove: counts.weightedSupport,
        weightedBelow: counts.weightedOppose,
      })),
    ],
    ballotWeight: count.ballotWeight,
    ballotCount,
    leaderOpinionId: closed ? null : enactedBy(count),
    enactedOpinionId: closed ? enactedOpinionId : null,
    pairwise: count.pairwise,
    strongestPaths: count.strongestPaths,
    schulzeWinners: count.winners,
    asOf,
    myRanking: myRanking?.map((tier) => [...tier]) ?? null,
    ...quorum,
  };
}

/**
 * The result as the read models hold it now. Open: the ballots with the weights delegation gives
 * them, counted by schulze.ts; closed: the matrix TopicClosed recorded (`topics.pairwise`), the
 * opinions' rows (the closing tallies) and the law its LawEnacted made.
 */
export async function liveOpinionsResult(
  readModels: Kysely<ReadModels>,
  topic: RankedOpinionsTopic,
  reader: Reader,
  now: Date,
): Promise<RankedOpinionsResultView> {
  const [rows, groups, law, mine] = await Promise.all([
    opinionRows(readModels, topic.id),
    preferenceGroups(readModels, [topic.id], 'ranking'),
    readModels.selectFrom('laws').select('opinion_id').where('topic_id', '=', topic.id).executeTakeFirst(),
    myBallot(readModels, topic.id, 'schulze', reader.userId),
  ]);
  const status: Status = topic.status === 'closed' ? 'closed' : topic.expires_at <= now ? 'counting' : 'active';
  const options = [topic.id, ...rows.map((row) => row.id)];
  const ballotCount = groups.reduce((sum, group) => sum + group.ballots, 0);
  const ballotWeight = groups.reduce((sum, group) => sum + group.weight, 0);
  const recorded = status === 'closed' && topic.pairwise?.length === options.length ? topic.pairwise : null;
  const count = recorded ? schulzeFromMatrix(options, recorded, ballotWeight) : schulze(options, groups);
  const live = againstNoChange(
    topic.id,
    rows.map((row) => row.id),
    groups,
  );
  const opinions = rows.map((row) => ({
    row,
    id: row.id,
    counts:
      status === 'closed'
        ? { supportCount: row.support_count, opposeCount: row.oppose_count, weightedSupport: row.weighted_support, weightedOppose: row.weighted_oppose }
        : live.get(row.id)!,
  }));
  // The weight that took part is the ballots' (each voter's chain reaching one ballot), as the tally module counts it.
  const quorum = await quorumFields(readModels, topic, topic.group, ballotWeight, now);
  return view(topic.id, status, opinions, reader.revealed, count, ballotCount, law?.opinion_id ?? null, null, mine, quorum);
}

/**
 * The result as it stood at `moment`: the tally module's fold (foldedAt), its Schulze count and
 * opinions' tallies; the law from a LawEnacted by then, else what the closing rule gives. The
 * opinions' content and authors are the read models' (what the opinions read shows). Null: no such
 * topic then, or not one decided among its opinions.
 */
export async function opinionsResultAsOf(
  readModels: Kysely<ReadModels>,
  topicId: string,
  log: readonly PositionedEvent[],
  moment: AsOf,
  reader: Reader,
  openGroupEligible?: number,
): Promise<RankedOpinionsResultView | null> {
  const folded = foldedAt(topicId, log, moment, openGroupEligible);
  const count = folded?.tallies.schulze;
  if (!folded?.state.topic || !decidesAmongOpinions(folded.state.topic) || !count) return null;
  const { state, tallies, status } = folded;
  const byId = new Map((await opinionRows(readModels, topicId)).map((row) => [row.id, row]));
  const opinions = state.opinions.map((opinion, index) => ({ row: byId.get(opinion.opinionId), id: opinion.opinionId, counts: tallies.opinions[index]! }));
  const enacted = folded.last<LawEnacted['data']>('LawEnacted')?.opinionId ?? tallies.result.opinionId;
  const mine = reader.userId ? (state.preferences.get(reader.userId) ?? null) : null;
  const quorum = { quorum: tallies.quorum, decidedBy: tallies.decidedBy };
  return view(topicId, status, opinions, reader.revealed, count, state.preferences.size, enacted, folded.asOf, mine, quorum);
}
