import { column, defineTable } from '../lib/table';

/** Read model `chat_messages`: every chat message of every topic, read oldest first and paged back. */
export const chatMessagesTable = defineTable(
  'chat_messages',
  {
    id: column.uuid(),
    topic_id: column.uuid(),
    group_id: column.integer(),
    user_id: column.uuid(),
    message: column.text(),
    created_at: column.timestamptz(),
    /** Where ChatMessagePosted stands in the store: orders messages of the same instant, and is the paging cursor. */
    position: column.text(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['topic_id', 'created_at', 'position'] }],
  },
);
