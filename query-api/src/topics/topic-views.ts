import { DEFAULT_ELECTION_METHOD, RANKED_OPINIONS_METHOD, canParticipate, typeEnactsLaw, type TopicView } from '@civitas/events';
import type { ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import { participantIn, type ParticipantProfile } from '../lib/viewer';
import { sql, type Kysely } from 'kysely';
import type { GroupRow } from '../lib/group-visibility';
import { shownFirstName } from '../lib/person-names';
import { openRankedOpinionCounts } from '../lib/ranked-opinions';

/** Topics with their author, never the deleted ones. */
export const topicRows = (readModels: Kysely<ReadModels>) =>
  readModels
    .selectFrom('topics as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .selectAll('t')
    .select([shownFirstName('u'), 'u.last_name', 'u.profile_image_url'])
    .where('t.status', '<>', 'deleted');

export type TopicRow = ReadModelRow<'topics'> & { first_name: string | null; last_name: string | null; profile_image_url: string | null };

export function toTopicView(row: TopicRow, group: GroupRow, viewer: ParticipantProfile | null, now: Date): TopicView {
  const open = row.status === 'active' && row.expires_at > now;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    groupId: row.group_id,
    createdBy: row.created_by,
    status: row.status === 'closed' ? 'closed' : 'active',
    isMainElection: row.is_main_election,
    // An election's counting method (issue #34); the read model names it for every election, the default covers none missing.
    // A law amendment or dispute resolution: 'schulze' when decided among its opinions (item 2), else null (support and oppose).
    method:
      row.type === 'election'
        ? (row.method ?? DEFAULT_ELECTION_METHOD)
        : typeEnactsLaw(row.type) && row.method === RANKED_OPINIONS_METHOD
          ? RANKED_OPINIONS_METHOD
          : null,
    // Issue #34 item 3: the quorum the topic opened with; null for a discussion or a topic opened before quorums.
    quorumPercent: row.quorum_percent,
    winnerId: row.winner_id,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    author: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
    opinionCount: row.opinion_count,
    canParticipate: open && viewer !== null && canParticipate(group, participantIn(viewer, group.id)),
  };
}

/**
 * The direct votes (support plus oppose) cast on each topic's opinions, as its stats count them; an
 * open law decided among its opinions, from its ranked ballots as its opinions read counts them.
 */
export async function topicVoteCounts(readModels: Kysely<ReadModels>, topicIds: string[]): Promise<Map<string, number>> {
  if (topicIds.length === 0) return new Map();
  const [rows, ranked] = await Promise.all([
    readModels
      .selectFrom('opinions')
      .select(['topic_id', sql<number>`sum(support_count + oppose_count)::int`.as('votes')])
      .where('topic_id', 'in', topicIds)
      .groupBy('topic_id')
      .execute(),
    openRankedOpinionCounts(readModels, topicIds),
  ]);
  const votes = new Map(rows.map((row) => [row.topic_id, row.votes]));
  const fromBallots = new Map<string, number>();
  for (const count of ranked.values()) fromBallots.set(count.topicId, (fromBallots.get(count.topicId) ?? 0) + count.supportCount + count.opposeCount);
  for (const [topicId, count] of fromBallots) votes.set(topicId, count);
  return votes;
}
