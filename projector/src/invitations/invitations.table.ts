import type { InvitationKind } from '@civitas/events';

/** Read model `invitations`: every personal-group invitation; expiry is derived from expires_at when read. */
export interface InvitationsTable {
  id: string;
  kind: InvitationKind;
  group_id: number;
  invited_by: string;
  /** The invitee's address, opened from the event; null once the invitation's key is erased. */
  email: string | null;
  /** The link's token stays sealed here: only its owner's list opens it. */
  token_sealed: string;
  status: 'pending' | 'accepted' | 'cut';
  accepted_by: string | null;
  accepted_at: Date | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}
