import type { InvitationView } from '../api/get-invitations';

export type ShownInvitationStatus = InvitationView['status'];

/**
 * What the owner sees: a pending invitation past its expiry is expired, even before the
 * server's list says so (spec section 9: expiresAt is compared with the current time).
 */
export function shownInvitationStatus(invitation: Pick<InvitationView, 'status' | 'expiresAt'>, now: Date): ShownInvitationStatus {
  if (invitation.status === 'pending' && Date.parse(invitation.expiresAt) < now.getTime()) return 'expired';
  return invitation.status;
}
