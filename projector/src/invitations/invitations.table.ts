import type { InvitationKind } from '@civitas/events';
import { column, defineTable } from '../lib/table';

/** Read model `invitations`: every personal-group invitation; expiry is derived from expires_at when read. */
export const invitationsTable = defineTable(
  'invitations',
  {
    id: column.uuid(),
    kind: column.text<InvitationKind>(),
    group_id: column.integer(),
    invited_by: column.uuid(),
    /** The invitee's address, opened from the event; null once the invitation's key is erased. */
    email: column.text().nullable(),
    /** The link's token stays sealed here: only its owner's list opens it. */
    token_sealed: column.text(),
    status: column.text<'pending' | 'accepted' | 'cut'>(),
    accepted_by: column.uuid().nullable(),
    accepted_at: column.timestamptz().nullable(),
    expires_at: column.timestamptz(),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['group_id', 'created_at desc'] }],
  },
);
