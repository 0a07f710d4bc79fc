import { DEFAULT_ELECTION_METHOD, canParticipate, type TopicView } from '@civitas/events';
import type { ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import { participantIn, type ParticipantProfile } from '../lib/viewer';
import { sql, type Kysely } from 'kysely';
import type { GroupRow } from '../lib/group-visibility';
import { shownFirstName } from '../lib/person-names';

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
    method: row.type === 'election' ? (row.method ?? DEFAULT_ELECTION_METHOD) : null,
    winnerId: row.winner_id,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    author: { firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
    opinionCount: row.opinion_count,
    canParticipate: open && viewer !== null && canParticipate(group, participantIn(viewer, group.id)),
  };
}

/** The direct votes (support plus oppose) cast on each topic's opinions, as its stats count them. */
export async function topicVoteCounts(readModels: Kysely<ReadModels>, topicIds: string[]): Promise<Map<string, number>> {
  if (topicIds.length === 0) return new Map();
  const rows = await readModels
    .selectFrom('opinions')
    .select(['topic_id', sql<number>`sum(support_count + oppose_count)::int`.as('votes')])
    .where('topic_id', 'in', topicIds)
    .groupBy('topic_id')
    .execute();
  return new Map(rows.map((row) => [row.topic_id, row.votes]));
}
