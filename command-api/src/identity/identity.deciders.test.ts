import { ConflictError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { INVALID_RESET_LINK, passwordResetDecider } from './password-reset.decider';
import { reservationDecider } from './reservation.decider';
import { userDecider } from './user.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const registration = { userId: ada, email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, passwordHash: 'hash', externalIdentity: null };

describe('user decider', () => {
  const spec = deciderSpec(userDecider);
  it('registers once, with the configured roles', () => {
    spec.given([]).when({ type: 'registerUser', registration, roles: ['admin'] }).then([
      { type: 'UserRegistered', data: registration },
      { type: 'UserRoleGranted', data: { userId: ada, role: 'admin' } },
    ]);
    spec.given([{ type: 'UserRegistered', data: registration }]).when({ type: 'registerUser', registration, roles: [] }).thenThrows(ConflictError);
  });
  it('grants a role only once and links an identity only once', () => {
    spec.given([{ type: 'UserRegistered', data: registration }, { type: 'UserRoleGranted', data: { userId: ada, role: 'admin' } }]).when({ type: 'grantRole', role: 'admin' }).then([]);
    const link = { type: 'linkExternalIdentity' as const, issuer: 'https://issuer', subject: 's1' };
    spec.given([{ type: 'UserRegistered', data: registration }]).when(link).then([{ type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: { issuer: 'https://issuer', subject: 's1' } } }]);
    spec.given([{ type: 'UserRegistered', data: registration }, { type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: { issuer: 'https://issuer', subject: 's1' } } }]).when(link).then([]);
  });
  it('refuses changes to an account that does not exist', () => {
    spec.given([]).when({ type: 'changePassword', passwordHash: 'x', reason: 'reset' }).thenThrows(ConflictError);
  });
});

describe('reservation decider', () => {
  const spec = deciderSpec(reservationDecider);
  it('reserves a free address, keeps it for its holder and refuses others', () => {
    spec.given([]).when({ type: 'reserve', kind: 'email', userId: ada }).then([{ type: 'EmailReserved', data: { userId: ada } }]);
    spec.given([{ type: 'EmailReserved', data: { userId: ada } }]).when({ type: 'reserve', kind: 'email', userId: ada }).then([]);
    spec.given([{ type: 'EmailReserved', data: { userId: ada } }]).when({ type: 'reserve', kind: 'email', userId: bob }).thenThrows(ConflictError, 'An account with this email already exists');
  });
  it('takes over an address whose sign-up never completed', () => {
    spec.given([{ type: 'EmailReserved', data: { userId: ada } }]).when({ type: 'reserve', kind: 'email', userId: bob, holderAbandoned: true }).then([
      { type: 'EmailReservationReleased', data: { userId: ada } },
      { type: 'EmailReserved', data: { userId: bob } },
    ]);
  });
});

describe('password reset decider', () => {
  const spec = deciderSpec(passwordResetDecider);
  const requested = { type: 'PasswordResetRequested' as const, data: { userId: ada, expiresAt: '2026-11-22T10:30:00.000Z', tokenSealed: 'v1.sealed' } };
  it('completes a live link once', () => {
    spec.given([requested]).when({ type: 'completeReset', now: '2026-11-22T10:00:00.000Z' }).then([{ type: 'PasswordResetCompleted', data: { userId: ada } }]);
    spec.given([requested, { type: 'PasswordResetCompleted', data: { userId: ada } }]).when({ type: 'completeReset', now: '2026-11-22T10:00:00.000Z' }).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
  it('refuses an expired or unknown link', () => {
    spec.given([requested]).when({ type: 'completeReset', now: '2026-11-22T10:30:00.000Z' }).thenThrows(ValidationError, INVALID_RESET_LINK);
    spec.given([]).when({ type: 'completeReset', now: '2026-11-22T10:00:00.000Z' }).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
});
