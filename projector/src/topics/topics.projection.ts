import { RANKED_OPINIONS_METHOD, decidesAmongOpinions, methodOf } from '@civitas/events';
import { sql } from 'kysely';
import { unnestRows } from '../lib/table';
import { defineProjection, eventTime } from '../projection';
import { lawsTable, topicsTable } from './topics.table';

export const topicsProjection = defineProjection({
  name: 'topics',
  // 2: an election's winner_id from ElectionDecided.
  // 3: an election's method (TopicCreated) and, for Schulze, the pairwise matrix it was decided by (ElectionDecided).
  // 4: a law decided among its opinions: method 'schulze' and, once closed, TopicClosed's matrix (issue #34 item 2).
  // 5: quorum and majority (issue #34 item 3): the quorum a topic opened with, and the figures and rule it closed by.
  version: 5,
  tables: [topicsTable, lawsTable],
  handles: ['TopicCreated', 'TopicDeleted', 'TopicClosed', 'LawEnacted', 'OpinionPosted', 'ElectionDecided'],

  async apply(db, schema, events, changes) {
    const tables = db.withSchema(schema);
    // Opinions come in bursts on hot topics: counted per topic, written once per batch after the topics exist.
    const postedOpinions = new Map<string, number>();
    for (const event of events) {
      const at = eventTime(event);
      changes.add('topics', event.data.topicId);
      switch (event.type) {
        case 'TopicCreated': {
          const { data } = event;
          await tables
            .insertInto('topics')
            .values({
              id: data.topicId,
              group_id: data.groupId,
              title: data.title,
              description: data.description,
              type: data.type,
              created_by: data.createdBy,
              status: 'active',
              is_main_election: data.isMainElection,
              method: data.type === 'election' ? methodOf(data) : decidesAmongOpinions(data) ? RANKED_OPINIONS_METHOD : null,
              quorum_percent: data.quorumPercent ?? null,
              expires_at: data.expiresAt,
              created_position: event.position,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'TopicDeleted':
          await tables.updateTable('topics').set({ status: 'deleted', updated_at: at }).where('id', '=', event.data.topicId).execute();
          break;
        case 'TopicClosed':
          await tables
            .updateTable('topics')
            .set({
              status: 'closed',
              closed_at: event.data.closedAt,
              // A law decided among its opinions: the matrix it was closed by, over [no change, ...opinions in posting order].
              ...(event.data.pairwise ? { pairwise: JSON.stringify(event.data.pairwise) } : {}),
              ...(event.data.quorum
                ? {
                    quorum_eligible_weight: event.data.quorum.eligibleWeight,
                    quorum_participating_weight: event.data.quorum.participatingWeight,
                    quorum_reached: event.data.quorum.reached,
                  }
                : {}),
              decided_by: event.data.decidedBy ?? null,
              updated_at: at,
            })
            .where('id', '=', event.data.topicId)
            .where('status', '=', 'active')
            .execute();
          break;
        case 'ElectionDecided':
          await tables
            .updateTable('topics')
            .set({
              winner_id: event.data.winnerId,
              ...(event.data.pairwise ? { pairwise: JSON.stringify(event.data.pairwise) } : {}),
              updated_at: at,
            })
            .where('id', '=', event.data.topicId)
            .execute();
          break;
        case 'OpinionPosted':
          postedOpinions.set(event.data.topicId, (postedOpinions.get(event.data.topicId) ?? 0) + 1);
          break;
        case 'LawEnacted': {
          const { data } = event;
          changes.add('laws', data.groupId);
          await tables
            .insertInto('laws')
            .values({
              topic_id: data.topicId,
              group_id: data.groupId,
              opinion_id: data.opinionId,
              proposer_id: data.proposerId,
              type: data.type,
              weighted_support: data.weightedSupport,
              weighted_oppose: data.weightedOppose,
              enacted_at: data.enactedAt,
            })
            .onConflict((conflict) => conflict.column('topic_id').doNothing())
            .execute();
          break;
        }
      }
    }
    if (postedOpinions.size > 0) {
      const { rows } = unnestRows(topicsTable, 'd', { id: [...postedOpinions.keys()], opinion_count: [...postedOpinions.values()] });
      await sql`update ${sql.id(schema, topicsTable.name)} t set opinion_count = t.opinion_count + d.opinion_count from ${rows} where t.id = d.id`.execute(db);
    }
  },
});
