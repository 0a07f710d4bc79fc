import { NOT_AN_ELECTION, NotFoundError, TOPIC_NOT_FOUND, ValidationError, decidesAmongOpinions } from '@civitas/events';
import { findVisibleGroup } from '../lib/group-visibility';
import type { ParticipantProfile, QueryContext } from '../lib/viewer';

/**
 * The election topic an election read names: 404 'Topic not found' when there is none (deleted, or in
 * a group the viewer may not see), 400 NOT_AN_ELECTION for any other topic (`rankedOpinions`: but a
 * law decided among its opinions, which the result read counts too). With whether the delegation
 * projection holds its closing tallies (its subject is final).
 */
export async function findElection(context: QueryContext, topicId: string, viewer: ParticipantProfile | null, options: { rankedOpinions?: boolean } = {}) {
  const { readModels } = context;
  const topic = await readModels
    .selectFrom('topics as t')
    .leftJoin('tally_subjects as s', 's.subject_id', 't.id')
    .select(['t.id', 't.group_id', 't.type', 't.method', 't.status', 't.expires_at', 't.winner_id', 't.pairwise', 's.is_final'])
    .where('t.id', '=', topicId)
    .where('t.status', '<>', 'deleted')
    .executeTakeFirst();
  if (!topic) throw new NotFoundError(TOPIC_NOT_FOUND);
  // A topic in a group the viewer may not see does not exist for them.
  await findVisibleGroup(context, topic.group_id, viewer).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(TOPIC_NOT_FOUND) : error;
  });
  const rankedOpinions = decidesAmongOpinions({ type: topic.type, method: topic.method ?? undefined });
  if (topic.type !== 'election' && !(options.rankedOpinions && rankedOpinions)) throw new ValidationError(NOT_AN_ELECTION);
  return { ...topic, isFinal: topic.is_final ?? false, rankedOpinions };
}
