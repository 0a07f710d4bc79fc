import type { InvitationView } from '../api/get-invitations';

export type ShownInvitationStatus = InvitationView['status'];

/**
 * What the owner sees: a pending invitation past its expiry is expired, even before the
 * server's list says so (docs/product.md, States: expiresAt is compared with the current time).
 */
export function shownInvitationStatus(invitation: Pick<InvitationView, 'status' | 'expiresAt'>, now: Date): ShownInvitationStatus {
  if (invitation.status === 'pending' && isPastExpiry(invitation.expiresAt, now)) return 'expired';
  return invitation.status;
}

/** A pending invitation whose expiresAt has passed can no longer be accepted, whatever the last list said. */
export function isPastExpiry(expiresAt: string, now: Date): boolean {
  return Date.parse(expiresAt) < now.getTime();
}
