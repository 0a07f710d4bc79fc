import type { Ranking } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';

/**
 * The ranked or approval ballots of these topics (elections, or laws decided among their opinions),
 * grouped per topic by identical ranking (or only their top tier): how many, and their weight (each
 * ballot's row under its voter's id, 0 before the delegation projection has one).
 */
export async function preferenceGroups(readModels: Kysely<ReadModels>, topicIds: readonly string[], by: 'ranking' | 'top') {
  if (topicIds.length === 0) return [];
  const key = by === 'ranking' ? sql<Ranking>`pb.ranking` : sql<Ranking>`jsonb_build_array(pb.ranking -> 0)`;
  return readModels
    .selectFrom('preference_ballots as pb')
    .leftJoin('weighted_tallies as w', (join) => join.onRef('w.subject_id', '=', 'pb.topic_id').on(sql`w.choice`, '=', sql`pb.user_id::text`))
    .select(['pb.topic_id', key.as('ranking'), sql<number>`count(*)::int`.as('ballots'), sql<number>`coalesce(sum(w.weight), 0)::int`.as('weight')])
    .where('pb.topic_id', 'in', topicIds)
    .groupBy(['pb.topic_id', key])
    .execute();
}
