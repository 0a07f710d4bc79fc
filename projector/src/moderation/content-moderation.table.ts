import { column, defineTable } from '../lib/table';

/**
 * Read model `hidden_content`: the opinions and chat messages an admin has hidden now, with the
 * reason readers are shown in their place (docs/decisions.md, Moderation actions). A restore removes the row.
 */
export const hiddenContentTable = defineTable(
  'hidden_content',
  {
    target_type: column.text<'opinion' | 'chat_message'>(),
    target_id: column.uuid(),
    topic_id: column.uuid(),
    author_id: column.uuid(),
    report_id: column.uuid(),
    reason: column.text(),
    hidden_by: column.uuid(),
    hidden_at: column.timestamptz(),
    /** Where ContentHidden stands in the store. */
    position: column.text(),
  },
  {
    primaryKey: ['target_type', 'target_id'],
    indexes: [{ columns: ['topic_id'] }],
  },
);
