import { NOT_AN_ELECTION, NotFoundError, TOPIC_NOT_FOUND, ValidationError, decidesAmongOpinions, typeEnactsLaw } from '@civitas/events';
import { findVisibleGroup } from '../lib/group-visibility';
import type { ParticipantProfile, QueryContext } from '../lib/viewer';

/** How the result read counts a topic: an election's, a law's among its opinions (Schulze), a law's by support and oppose on each opinion. */
export type ResultKind = 'election' | 'opinions' | 'support';

/**
 * The election topic an election read names: 404 'Topic not found' when there is none (deleted, or in
 * a group the viewer may not see), 400 NOT_AN_ELECTION for any other topic (`results`: but a law
 * amendment or dispute resolution, which the result read counts too; a discussion decides nothing).
 * With whether the delegation projection holds its closing tallies (its subject is final), the kind
 * of result it has, and its group.
 */
export async function findElection(context: QueryContext, topicId: string, viewer: ParticipantProfile | null, options: { results?: boolean } = {}) {
  const { readModels } = context;
  const topic = await readModels
    .selectFrom('topics as t')
    .leftJoin('tally_subjects as s', 's.subject_id', 't.id')
    .select([
      't.id',
      't.group_id',
      't.type',
      't.method',
      't.status',
      't.expires_at',
      't.winner_id',
      't.pairwise',
      't.quorum_percent',
      't.quorum_eligible_weight',
      't.quorum_participating_weight',
      't.quorum_reached',
      't.decided_by',
      's.is_final',
    ])
    .where('t.id', '=', topicId)
    .where('t.status', '<>', 'deleted')
    .executeTakeFirst();
  if (!topic) throw new NotFoundError(TOPIC_NOT_FOUND);
  // A topic in a group the viewer may not see does not exist for them.
  const group = await findVisibleGroup(context, topic.group_id, viewer).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(TOPIC_NOT_FOUND) : error;
  });
  const kind: ResultKind | null =
    topic.type === 'election'
      ? 'election'
      : !options.results || !typeEnactsLaw(topic.type)
        ? null
        : decidesAmongOpinions({ type: topic.type, method: topic.method ?? undefined })
          ? 'opinions'
          : 'support';
  if (kind === null) throw new ValidationError(NOT_AN_ELECTION);
  return { ...topic, isFinal: topic.is_final ?? false, kind, group };
}
