import type { InvitationLookup } from '../api/get-invitation';
import { isPastExpiry } from './sent-invitation-status';

/**
 * What an invitation page shows (docs/product.md, States): pending, accepted or expired, where a
 * pending invitation past its expiresAt is expired too. 'ended' is a link whose friendship
 * or membership was cut since: it can no longer be used, so the pages call it invalid.
 */
export type InviteDisplayStatus = 'pending' | 'accepted' | 'expired' | 'ended';

export function inviteDisplayStatus(lookup: InvitationLookup, now: Date = new Date()): InviteDisplayStatus {
  switch (lookup.status) {
    case 'accepted':
      return 'accepted';
    case 'cut':
      return 'ended';
    case 'expired':
      return 'expired';
    case 'pending':
      return isPastExpiry(lookup.expiresAt, now) ? 'expired' : 'pending';
  }
}
