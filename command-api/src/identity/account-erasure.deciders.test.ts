import { ConflictError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { EMAIL_TAKEN, reservationDecider } from './reservation.decider';
import { PASSWORD_CHANGED_MEANWHILE, userDecider } from './user.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const registered = {
  type: 'UserRegistered' as const,
  data: {
    userId: ada,
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    passwordHash: 'old-hash',
    externalIdentity: null,
  },
};
// The account feature's event on the same stream.
const erased = { type: 'AccountErased', data: { userId: ada, erasedBy: ada, via: 'password' } } as never;

describe('the identity streams around a password change and an erasure', () => {
  const user = deciderSpec(userDecider);
  const reservation = deciderSpec(reservationDecider);

  it('changes a password only against the hash the current password was checked with', () => {
    user
      .given([registered])
      .when({ type: 'changePassword', passwordHash: 'new-hash', reason: 'change', currentPasswordHash: 'old-hash' })
      .then([{ type: 'UserPasswordChanged', data: { userId: ada, passwordHash: 'new-hash', reason: 'change' } }]);
    // Another change got in between: this one was checked against a password that is no longer the account's.
    const changedMeanwhile = { type: 'UserPasswordChanged' as const, data: { userId: ada, passwordHash: 'other-hash', reason: 'change' as const } };
    user
      .given([registered, changedMeanwhile])
      .when({ type: 'changePassword', passwordHash: 'new-hash', reason: 'change', currentPasswordHash: 'old-hash' })
      .thenThrows(ConflictError, PASSWORD_CHANGED_MEANWHILE);
  });

  it('decides nothing more for an erased account: no password, no link, no role', () => {
    user
      .given([registered, erased])
      .when({ type: 'changePassword', passwordHash: 'new-hash', reason: 'change', currentPasswordHash: 'old-hash' })
      .thenThrows(ConflictError);
    user.given([registered, erased]).when({ type: 'issuePasswordReset', requestId: bob }).thenThrows(ConflictError);
    user.given([registered, erased]).when({ type: 'grantRole', role: 'admin' }).thenThrows(ConflictError);
  });

  it('releases an address only for its holder, so it can register again', () => {
    const reserved = { type: 'EmailReserved' as const, data: { userId: ada } };
    const released = { type: 'EmailReservationReleased' as const, data: { userId: ada } };
    reservation.given([reserved]).when({ type: 'release', userId: ada }).then([released]);
    reservation.given([reserved]).when({ type: 'release', userId: bob }).then([]);
    reservation.given([]).when({ type: 'release', userId: ada }).then([]);
    reservation
      .given([reserved, released])
      .when({ type: 'reserve', kind: 'email', userId: bob })
      .then([{ type: 'EmailReserved', data: { userId: bob } }]);
  });

  it('lets a provider identity whose account was erased sign up anew, and no other', () => {
    const held = { type: 'ExternalIdentityReserved' as const, data: { userId: ada } };
    reservation.given([held]).when({ type: 'reserve', kind: 'externalIdentity', userId: bob }).thenThrows(ConflictError, EMAIL_TAKEN);
    reservation
      .given([held])
      .when({ type: 'reserve', kind: 'externalIdentity', userId: bob, holderLeft: true })
      .then([
        { type: 'EmailReservationReleased', data: { userId: ada } },
        { type: 'ExternalIdentityReserved', data: { userId: bob } },
      ]);
  });
});
