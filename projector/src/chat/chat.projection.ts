import { sql } from 'kysely';
import { insertRows } from '../lib/table';
import { defineProjection, eventTime, type HandledEvent } from '../projection';
import { chatMessagesTable } from './chat.table';

type Posted = HandledEvent<'ChatMessagePosted'>;

/** Chat messages, one row each; a change notice per topic so live sockets push them after commit. */
export const chatProjection = defineProjection({
  name: 'chat',
  version: 1,
  tables: [chatMessagesTable],
  handles: ['ChatMessagePosted'],
  // A pure mapping: each ChatMessagePosted is one row of its own, nothing else touches it.
  setBasedRebuild: {
    types: ['ChatMessagePosted'],
    foldedTypes: [],
    insert: (schema, events) => sql`
      insert into ${sql.id(schema, chatMessagesTable.name)} (id, topic_id, group_id, user_id, message, created_at, position)
      select (e.data->>'messageId')::uuid, (e.data->>'topicId')::uuid, (e.data->>'groupId')::integer, (e.data->>'userId')::uuid,
        e.data->>'message', e.occurred_at, e.position
      from ${events} as e
      on conflict (id) do nothing`,
  },

  async apply(db, schema, events, changes) {
    const column = <T>(pick: (event: Posted) => T) => events.map(pick);
    const { columns, rows } = insertRows(chatMessagesTable, {
      id: column((e) => e.data.messageId),
      topic_id: column((e) => e.data.topicId),
      group_id: column((e) => e.data.groupId),
      user_id: column((e) => e.data.userId),
      message: column((e) => e.data.message),
      created_at: column(eventTime),
      position: column((e) => e.position),
    });
    // Redelivered batches insert nothing twice.
    await sql`insert into ${sql.id(schema, chatMessagesTable.name)} ${columns} select * from ${rows} on conflict (id) do nothing`.execute(db);
    for (const event of events) changes.add('chat_messages', event.data.topicId);
  },
});
