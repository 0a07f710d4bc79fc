import { defineProjection, eventTime } from '../projection';
import { hiddenContentTable } from './content-moderation.table';

/**
 * What admins hide: the reads of opinions and chat messages (query-api) show the reason in their
 * place to everyone but admins. The trail of each hide and restore is the audit projection's.
 */
export const contentModerationProjection = defineProjection({
  name: 'moderation',
  version: 1,
  tables: [hiddenContentTable],
  handles: ['ContentHidden', 'ContentRestored'],

  async apply(db, schema, events, changes) {
    const tables = db.withSchema(schema);
    for (const event of events) {
      const { targetType, targetId, topicId } = event.data;
      // The topic's opinions (or chat) read again: the live frames name the topic.
      changes.add('hidden_content', topicId);
      if (event.type === 'ContentHidden') {
        const { authorId, reportId, reason, hiddenBy } = event.data;
        await tables
          .insertInto('hidden_content')
          .values({
            target_type: targetType,
            target_id: targetId,
            topic_id: topicId,
            author_id: authorId,
            report_id: reportId,
            reason,
            hidden_by: hiddenBy,
            hidden_at: eventTime(event),
            position: event.position,
          })
          // Redelivered batches change nothing; a hide after a restore is a new row.
          .onConflict((conflict) => conflict.columns(['target_type', 'target_id']).doNothing())
          .execute();
      } else {
        await tables.deleteFrom('hidden_content').where('target_type', '=', targetType).where('target_id', '=', targetId).execute();
      }
    }
  },
});
