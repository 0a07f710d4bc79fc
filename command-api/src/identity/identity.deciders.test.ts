import { ConflictError, TooManyRequestsError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { INVALID_RESET_LINK, passwordResetDecider } from './password-reset.decider';
import { reservationDecider } from './reservation.decider';
import { INVALID_VERIFICATION_LINK, userDecider } from './user.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const firstRequest = '00000000-0000-4000-8000-0000000000f1';
const secondRequest = '00000000-0000-4000-8000-0000000000f2';
const registration = { userId: ada, email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, passwordHash: 'hash', externalIdentity: null };
const registered = { type: 'UserRegistered' as const, data: registration };
const verified = { type: 'EmailVerified' as const, data: { userId: ada, via: 'link' as const } };
const adminGranted = { type: 'UserRoleGranted' as const, data: { userId: ada, role: 'admin' as const } };
const linkIssued = (requestId: string, issuedAt: string) => ({ type: 'EmailVerificationLinkIssued' as const, data: { userId: ada, requestId, issuedAt } });
const identity = { issuer: 'https://issuer', subject: 's1' };

describe('user decider', () => {
  const spec = deciderSpec(userDecider);
  it('registers once; configured roles only come with a verified address', () => {
    spec.given([]).when({ type: 'registerUser', registration, emailVerified: false, configuredRoles: ['admin'], verificationLink: { requestId: firstRequest, now: '2026-11-22T10:00:00.000Z' } }).then([
      registered,
      linkIssued(firstRequest, '2026-11-22T10:00:00.000Z'),
    ]);
    spec.given([]).when({ type: 'registerUser', registration, emailVerified: true, configuredRoles: ['admin'] }).then([
      registered,
      { type: 'EmailVerified', data: { userId: ada, via: 'provider' } },
      adminGranted,
    ]);
    spec.given([registered]).when({ type: 'registerUser', registration, emailVerified: false, configuredRoles: [] }).thenThrows(ConflictError);
  });

  it('grants a role only once and links an identity only once', () => {
    spec.given([registered, adminGranted]).when({ type: 'grantRole', role: 'admin' }).then([]);
    const link = { type: 'linkExternalIdentity' as const, ...identity, addressProven: true, configuredRoles: [] };
    spec.given([registered, verified]).when(link).then([{ type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } }]);
    spec.given([registered, verified, { type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } }]).when(link).then([]);
  });

  it('ends the password and other identities of an unverified account whose address a provider proves, and verifies it', () => {
    const squatter = { issuer: 'https://other', subject: 'squatter' };
    spec.given([{ type: 'UserRegistered', data: { ...registration, passwordHash: null, externalIdentity: squatter } }])
      .when({ type: 'linkExternalIdentity', ...identity, addressProven: true, configuredRoles: [] }).then([
        { type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } },
        { type: 'ExternalIdentityUnlinked', data: { userId: ada, externalIdentity: squatter, reason: 'unverified_address_claimed' } },
        { type: 'EmailVerified', data: { userId: ada, via: 'provider' } },
      ]);
    // The identity that proves it stays, whichever way its subject was stored.
    spec.given([{ type: 'UserRegistered', data: { ...registration, externalIdentity: identity } }])
      .when({ type: 'confirmAddressByProvider', issuer: identity.issuer, subjects: ['keyed', 's1'], configuredRoles: [] }).then([
        { type: 'UserPasswordRemoved', data: { userId: ada, reason: 'unverified_address_claimed' } },
        { type: 'EmailVerified', data: { userId: ada, via: 'provider' } },
      ]);
  });

  it('ends the password of an unverified account whose address a provider proves, and verifies it', () => {
    spec.given([registered]).when({ type: 'linkExternalIdentity', ...identity, addressProven: true, configuredRoles: ['admin'] }).then([
      { type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } },
      { type: 'UserPasswordRemoved', data: { userId: ada, reason: 'unverified_address_claimed' } },
      { type: 'EmailVerified', data: { userId: ada, via: 'provider' } },
      adminGranted,
    ]);
    // A verified account keeps its password.
    spec.given([registered, verified]).when({ type: 'confirmAddressByProvider', issuer: identity.issuer, subjects: ['s1'], configuredRoles: [] }).then([]);
  });

  it('verifies with the newest live link only, once, granting the configured roles', () => {
    const issued = [registered, linkIssued(firstRequest, '2026-11-22T10:00:00.000Z')];
    const verify = (requestId: string, now = '2026-11-22T11:00:00.000Z') =>
      ({ type: 'verifyEmail' as const, requestId, expiresAt: '2026-11-23T10:00:00.000Z', now, configuredRoles: ['admin' as const] });
    spec.given(issued).when(verify(firstRequest)).then([{ type: 'EmailVerified', data: { userId: ada, via: 'link' } }, adminGranted]);
    spec.given([...issued, verified, adminGranted]).when(verify(firstRequest)).then([]);
    spec.given([...issued, linkIssued(secondRequest, '2026-11-22T10:05:00.000Z')]).when(verify(firstRequest)).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
    spec.given(issued).when(verify(firstRequest, '2026-11-23T10:00:00.000Z')).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
  });

  it('issues at most the allowed number of verification links an hour, and none once verified', () => {
    const issue = { type: 'issueEmailVerification' as const, requestId: secondRequest, now: '2026-11-22T10:30:00.000Z', maxPerHour: 2 };
    const twoThisHour = [registered, linkIssued(firstRequest, '2026-11-22T10:00:00.000Z'), linkIssued(firstRequest, '2026-11-22T10:10:00.000Z')];
    spec.given(twoThisHour).when(issue).thenThrows(TooManyRequestsError);
    spec.given(twoThisHour).when({ ...issue, now: '2026-11-22T11:00:00.001Z' }).then([linkIssued(secondRequest, '2026-11-22T11:00:00.001Z')]);
    spec.given([registered, verified]).when(issue).thenThrows(ConflictError, 'Your email address is already verified.');
  });

  it('changes the password through a reset link only while it is the newest one', () => {
    const resetIssued = (requestId: string) => ({ type: 'PasswordResetLinkIssued' as const, data: { userId: ada, requestId } });
    const change = { type: 'changePassword' as const, passwordHash: 'new', reason: 'reset' as const, resetRequestId: firstRequest };
    spec.given([registered, verified, resetIssued(firstRequest)]).when(change).then([{ type: 'UserPasswordChanged', data: { userId: ada, passwordHash: 'new', reason: 'reset' } }]);
    spec.given([registered, resetIssued(firstRequest), resetIssued(secondRequest)]).when(change).thenThrows(ValidationError, INVALID_RESET_LINK);
  });

  it('verifies an unverified address through a used reset link, ending the provider identities added while it was unproven', () => {
    const resetIssued = { type: 'PasswordResetLinkIssued' as const, data: { userId: ada, requestId: firstRequest } };
    const linked = { type: 'ExternalIdentityLinked' as const, data: { userId: ada, externalIdentity: identity } };
    spec.given([registered, linked, resetIssued])
      .when({ type: 'changePassword', passwordHash: 'new', reason: 'reset', resetRequestId: firstRequest, configuredRoles: ['admin'] })
      .then([
        { type: 'UserPasswordChanged', data: { userId: ada, passwordHash: 'new', reason: 'reset' } },
        { type: 'ExternalIdentityUnlinked', data: { userId: ada, externalIdentity: identity, reason: 'unverified_address_claimed' } },
        { type: 'EmailVerified', data: { userId: ada, via: 'password_reset' } },
        adminGranted,
      ]);
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
  const requested = { type: 'PasswordResetRequested' as const, data: { userId: ada, requestId: firstRequest, expiresAt: '2026-11-22T10:30:00.000Z', tokenSealed: 'v1.sealed' } };
  const complete = (latestRequestId: string | null, now = '2026-11-22T10:00:00.000Z') => ({ type: 'completeReset' as const, now, latestRequestId });
  it('completes a live link once', () => {
    spec.given([requested]).when(complete(firstRequest)).then([{ type: 'PasswordResetCompleted', data: { userId: ada } }]);
    spec.given([requested, { type: 'PasswordResetCompleted', data: { userId: ada } }]).when(complete(firstRequest)).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
  it('refuses an expired or unknown link', () => {
    spec.given([requested]).when(complete(firstRequest, '2026-11-22T10:30:00.000Z')).thenThrows(ValidationError, INVALID_RESET_LINK);
    spec.given([]).when(complete(null)).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
  it('refuses a link once a newer one was issued; a link from before numbering works until then', () => {
    spec.given([requested]).when(complete(secondRequest)).thenThrows(ValidationError, INVALID_RESET_LINK);
    const legacy = { type: 'PasswordResetRequested' as const, data: { ...requested.data, requestId: null } };
    spec.given([legacy]).when(complete(null)).then([{ type: 'PasswordResetCompleted', data: { userId: ada } }]);
    spec.given([legacy]).when(complete(secondRequest)).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
});
