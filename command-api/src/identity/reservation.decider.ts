import { ConflictError, type Decider, type ReservationEvent } from '@civitas/events';

export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * `email-{hash}` / `external-identity-{hash}`: at most one account holds an address or a
 * provider identity. Appending the first reservation with no_stream makes concurrent
 * sign-ups race on one stream, so exactly one wins.
 */
export type Reserve = {
  type: 'reserve';
  kind: 'email' | 'externalIdentity';
  userId: string;
  /** Set by the handler when the holder's account was never created (a crash between the two appends). */
  holderAbandoned?: boolean;
  /** Set by the handler when the holder's account was erased, or forfeited the address it never proved: what it held is free again. */
  holderLeft?: boolean;
};
/** An erased account gives its address back, so it can register again (only its holder releases it). */
export type Release = { type: 'release'; userId: string };

export interface ReservationState {
  userId: string | null;
}

export const reservationDecider: Decider<Reserve | Release, ReservationEvent, ReservationState> = {
  initialState: () => ({ userId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EmailReserved':
      case 'ExternalIdentityReserved':
        return { userId: event.data.userId };
      case 'EmailReservationReleased':
        return { userId: null };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'release') return state.userId === command.userId ? [{ type: 'EmailReservationReleased', data: { userId: command.userId } }] : [];
    const reserved =
      command.kind === 'email'
        ? ({ type: 'EmailReserved', data: { userId: command.userId } } as const)
        : ({ type: 'ExternalIdentityReserved', data: { userId: command.userId } } as const);
    if (state.userId === null) return [reserved];
    if (state.userId === command.userId) return [];
    // The contract has one release event; its fold frees a provider identity's stream as well.
    if (command.holderLeft || (command.holderAbandoned && command.kind === 'email')) {
      return [{ type: 'EmailReservationReleased', data: { userId: state.userId } }, reserved];
    }
    throw new ConflictError(EMAIL_TAKEN);
  },
};
