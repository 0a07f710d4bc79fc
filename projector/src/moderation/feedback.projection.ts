import { defineProjection, eventTime } from '../projection';
import { reportsTable, suggestionsTable } from './feedback.table';

/**
 * Reports and suggestions as the admin panel lists them. A review sets the status (any, in any
 * order), the notes and who decided when; the audit trail of every decision is the events.
 */
export const feedbackProjection = defineProjection({
  name: 'feedback',
  version: 1,
  tables: [reportsTable, suggestionsTable],
  handles: ['ReportSubmitted', 'ReportReviewed', 'SuggestionSubmitted', 'SuggestionReviewed'],

  async apply(db, schema, events, changes) {
    const tables = db.withSchema(schema);
    for (const event of events) {
      const at = eventTime(event);
      switch (event.type) {
        case 'ReportSubmitted': {
          const { data } = event;
          changes.add('reports', data.reportId);
          // Redelivered batches insert nothing twice.
          await tables
            .insertInto('reports')
            .values({
              id: data.reportId,
              user_id: data.userId,
              type: data.type,
              content: data.content,
              target_type: data.targetType,
              target_id: data.targetId,
              status: 'pending',
              created_at: at,
              updated_at: at,
              position: event.position,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'ReportReviewed':
          changes.add('reports', event.data.reportId);
          await tables
            .updateTable('reports')
            .set({ status: event.data.status, admin_notes: event.data.adminNotes, reviewed_by: event.data.reviewedBy, reviewed_at: at, updated_at: at })
            .where('id', '=', event.data.reportId)
            .execute();
          break;
        case 'SuggestionSubmitted': {
          const { data } = event;
          changes.add('suggestions', data.suggestionId);
          await tables
            .insertInto('suggestions')
            .values({
              id: data.suggestionId,
              user_id: data.userId,
              type: data.type,
              content: data.content,
              status: 'pending',
              priority: data.priority,
              created_at: at,
              updated_at: at,
              position: event.position,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'SuggestionReviewed':
          changes.add('suggestions', event.data.suggestionId);
          await tables
            .updateTable('suggestions')
            .set({
              status: event.data.status,
              priority: event.data.priority,
              admin_notes: event.data.adminNotes,
              reviewed_by: event.data.reviewedBy,
              reviewed_at: at,
              updated_at: at,
            })
            .where('id', '=', event.data.suggestionId)
            .execute();
          break;
      }
    }
  },
});
