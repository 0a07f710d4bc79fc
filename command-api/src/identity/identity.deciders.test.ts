import { ConflictError, TooManyRequestsError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { INVALID_RESET_LINK, passwordResetDecider } from './password-reset.decider';
import { reservationDecider } from './reservation.decider';
import { ADDRESS_ALREADY_PROVEN, ADDRESS_NEVER_PROVEN, INVALID_VERIFICATION_LINK, userDecider } from './user.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const firstRequest = '00000000-0000-4000-8000-0000000000f1';
const secondRequest = '00000000-0000-4000-8000-0000000000f2';
const registration = {
  userId: ada,
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  passwordHash: 'hash',
  externalIdentity: null,
};
const registered = { type: 'UserRegistered' as const, data: registration };
const verified = { type: 'EmailVerified' as const, data: { userId: ada, via: 'link' as const } };
const adminGranted = { type: 'UserRoleGranted' as const, data: { userId: ada, role: 'admin' as const } };
const linkIssued = (requestId: string, issuedAt: string) => ({ type: 'EmailVerificationLinkIssued' as const, data: { userId: ada, requestId, issuedAt } });
const identity = { issuer: 'https://issuer', subject: 's1' };

describe('user decider', () => {
  const spec = deciderSpec(userDecider);
  it('registers once; configured roles only come with a verified address', () => {
    spec
      .given([])
      .when({
        type: 'registerUser',
        registration,
        emailVerified: false,
        configuredRoles: ['admin'],
        verificationLink: { requestId: firstRequest, now: '2026-11-22T10:00:00.000Z' },
      })
      .then([registered, linkIssued(firstRequest, '2026-11-22T10:00:00.000Z')]);
    spec
      .given([])
      .when({ type: 'registerUser', registration, emailVerified: true, configuredRoles: ['admin'] })
      .then([registered, { type: 'EmailVerified', data: { userId: ada, via: 'provider' } }, adminGranted]);
    spec.given([registered]).when({ type: 'registerUser', registration, emailVerified: false, configuredRoles: [] }).thenThrows(ConflictError);
  });

  it('grants a role only once and links an identity only once', () => {
    spec.given([registered, adminGranted]).when({ type: 'grantRole', role: 'admin' }).then([]);
    const link = { type: 'linkExternalIdentity' as const, ...identity, configuredRoles: [] };
    spec
      .given([registered, verified])
      .when(link)
      .then([{ type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } }]);
    spec
      .given([registered, verified, { type: 'ExternalIdentityLinked', data: { userId: ada, externalIdentity: identity } }])
      .when(link)
      .then([]);
  });

  it('hands no account that never proved its address to whoever proves it: it forfeits the address with every way in', () => {
    const squatter = { issuer: 'https://other', subject: 'squatter' };
    const squatted = [
      { type: 'UserRegistered' as const, data: { ...registration, externalIdentity: squatter } },
      { type: 'ExternalIdentityLinked' as const, data: { userId: ada, externalIdentity: identity } },
    ];
    spec
      .given(squatted)
      .when({ type: 'linkExternalIdentity', ...identity, configuredRoles: [] })
      .thenThrows(ConflictError, ADDRESS_NEVER_PROVEN);
    spec
      .given(squatted)
      .when({ type: 'changePassword', passwordHash: 'new', reason: 'reset', resetRequestId: null })
      .thenThrows(ConflictError, ADDRESS_NEVER_PROVEN);
    spec
      .given(squatted)
      .when({ type: 'forfeitUnverifiedAddress', via: 'provider' })
      .then([
        { type: 'UserPasswordRemoved', data: { userId: ada, reason: 'unverified_address_claimed' } },
        { type: 'ExternalIdentityUnlinked', data: { userId: ada, externalIdentity: squatter, reason: 'unverified_address_claimed' } },
        { type: 'ExternalIdentityUnlinked', data: { userId: ada, externalIdentity: identity, reason: 'unverified_address_claimed' } },
        { type: 'EmailAddressForfeited', data: { userId: ada, via: 'provider' } },
      ]);
    spec
      .given([registered])
      .when({ type: 'forfeitUnverifiedAddress', via: 'password_reset' })
      .then([
        { type: 'UserPasswordRemoved', data: { userId: ada, reason: 'unverified_address_claimed' } },
        { type: 'EmailAddressForfeited', data: { userId: ada, via: 'password_reset' } },
      ]);
    // An account that proved its address keeps it.
    spec.given([registered, verified]).when({ type: 'forfeitUnverifiedAddress', via: 'provider' }).thenThrows(ConflictError, ADDRESS_ALREADY_PROVEN);
  });

  it('lets no link, reset or provider into an account that forfeited its address', () => {
    const forfeited = [
      registered,
      linkIssued(firstRequest, '2026-11-22T10:00:00.000Z'),
      { type: 'PasswordResetLinkIssued' as const, data: { userId: ada, requestId: secondRequest } },
      { type: 'UserPasswordRemoved' as const, data: { userId: ada, reason: 'unverified_address_claimed' as const } },
      { type: 'EmailAddressForfeited' as const, data: { userId: ada, via: 'provider' as const } },
    ];
    const attempts = [
      { type: 'verifyEmail' as const, requestId: firstRequest, expiresAt: '2026-11-23T10:00:00.000Z', now: '2026-11-22T11:00:00.000Z', configuredRoles: [] },
      { type: 'changePassword' as const, passwordHash: 'new', reason: 'reset' as const, resetRequestId: secondRequest },
      { type: 'confirmAddressByProvider' as const, issuer: identity.issuer, subjects: [identity.subject], configuredRoles: [] },
      { type: 'linkExternalIdentity' as const, ...identity, configuredRoles: [] },
      { type: 'issueEmailVerification' as const, requestId: secondRequest, now: '2026-11-22T11:00:00.000Z', maxPerHour: 5 },
      { type: 'forfeitUnverifiedAddress' as const, via: 'provider' as const },
    ];
    for (const attempt of attempts) spec.given(forfeited).when(attempt).thenThrows(ConflictError, 'No such account');
  });

  it('verifies the account its own provider identity made once that provider vouches for the address', () => {
    // The identity that proves it stays, whichever way its subject was stored.
    spec
      .given([{ type: 'UserRegistered', data: { ...registration, passwordHash: null, externalIdentity: identity } }])
      .when({ type: 'confirmAddressByProvider', issuer: identity.issuer, subjects: ['keyed', 's1'], configuredRoles: ['admin'] })
      .then([{ type: 'EmailVerified', data: { userId: ada, via: 'provider' } }, adminGranted]);
    // A verified account keeps its password.
    spec
      .given([registered, verified])
      .when({ type: 'confirmAddressByProvider', issuer: identity.issuer, subjects: ['s1'], configuredRoles: [] })
      .then([]);
  });

  it('registers the new account of whoever proved an address through a reset link as verified that way', () => {
    spec
      .given([])
      .when({ type: 'registerUser', registration, emailVerified: true, verifiedVia: 'password_reset', configuredRoles: ['admin'] })
      .then([registered, { type: 'EmailVerified', data: { userId: ada, via: 'password_reset' } }, adminGranted]);
  });

  it('verifies with the newest live link only, once, granting the configured roles', () => {
    const issued = [registered, linkIssued(firstRequest, '2026-11-22T10:00:00.000Z')];
    const verify = (requestId: string, now = '2026-11-22T11:00:00.000Z') => ({
      type: 'verifyEmail' as const,
      requestId,
      expiresAt: '2026-11-23T10:00:00.000Z',
      now,
      configuredRoles: ['admin' as const],
    });
    spec
      .given(issued)
      .when(verify(firstRequest))
      .then([{ type: 'EmailVerified', data: { userId: ada, via: 'link' } }, adminGranted]);
    spec
      .given([...issued, verified, adminGranted])
      .when(verify(firstRequest))
      .then([]);
    spec
      .given([...issued, linkIssued(secondRequest, '2026-11-22T10:05:00.000Z')])
      .when(verify(firstRequest))
      .thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
    spec.given(issued).when(verify(firstRequest, '2026-11-23T10:00:00.000Z')).thenThrows(ValidationError, INVALID_VERIFICATION_LINK);
  });

  it('issues at most the allowed number of verification links an hour, and none once verified', () => {
    const issue = { type: 'issueEmailVerification' as const, requestId: secondRequest, now: '2026-11-22T10:30:00.000Z', maxPerHour: 2 };
    const twoThisHour = [registered, linkIssued(firstRequest, '2026-11-22T10:00:00.000Z'), linkIssued(firstRequest, '2026-11-22T10:10:00.000Z')];
    spec.given(twoThisHour).when(issue).thenThrows(TooManyRequestsError);
    spec
      .given(twoThisHour)
      .when({ ...issue, now: '2026-11-22T11:00:00.001Z' })
      .then([linkIssued(secondRequest, '2026-11-22T11:00:00.001Z')]);
    spec.given([registered, verified]).when(issue).thenThrows(ConflictError, 'Your email address is already verified.');
  });

  it('changes the password through a reset link only while it is the newest one', () => {
    const resetIssued = (requestId: string) => ({ type: 'PasswordResetLinkIssued' as const, data: { userId: ada, requestId } });
    const change = { type: 'changePassword' as const, passwordHash: 'new', reason: 'reset' as const, resetRequestId: firstRequest };
    spec
      .given([registered, verified, resetIssued(firstRequest)])
      .when(change)
      .then([{ type: 'UserPasswordChanged', data: { userId: ada, passwordHash: 'new', reason: 'reset' } }]);
    spec
      .given([registered, resetIssued(firstRequest), resetIssued(secondRequest)])
      .when(change)
      .thenThrows(ValidationError, INVALID_RESET_LINK);
  });

  it('refuses changes to an account that does not exist', () => {
    spec.given([]).when({ type: 'changePassword', passwordHash: 'x', reason: 'reset' }).thenThrows(ConflictError);
  });
});

describe('reservation decider', () => {
  const spec = deciderSpec(reservationDecider);
  it('reserves a free address, keeps it for its holder and refuses others', () => {
    spec
      .given([])
      .when({ type: 'reserve', kind: 'email', userId: ada })
      .then([{ type: 'EmailReserved', data: { userId: ada } }]);
    spec
      .given([{ type: 'EmailReserved', data: { userId: ada } }])
      .when({ type: 'reserve', kind: 'email', userId: ada })
      .then([]);
    spec
      .given([{ type: 'EmailReserved', data: { userId: ada } }])
      .when({ type: 'reserve', kind: 'email', userId: bob })
      .thenThrows(ConflictError, 'An account with this email already exists');
  });
  it('takes over an address whose holder forfeited it', () => {
    spec
      .given([{ type: 'EmailReserved', data: { userId: ada } }])
      .when({ type: 'reserve', kind: 'email', userId: bob, holderLeft: true })
      .then([
        { type: 'EmailReservationReleased', data: { userId: ada } },
        { type: 'EmailReserved', data: { userId: bob } },
      ]);
  });
  it('takes over an address whose sign-up never completed', () => {
    spec
      .given([{ type: 'EmailReserved', data: { userId: ada } }])
      .when({ type: 'reserve', kind: 'email', userId: bob, holderAbandoned: true })
      .then([
        { type: 'EmailReservationReleased', data: { userId: ada } },
        { type: 'EmailReserved', data: { userId: bob } },
      ]);
  });
});

describe('password reset decider', () => {
  const spec = deciderSpec(passwordResetDecider);
  const requested = {
    type: 'PasswordResetRequested' as const,
    data: { userId: ada, requestId: firstRequest, expiresAt: '2026-11-22T10:30:00.000Z', tokenSealed: 'v1.sealed' },
  };
  const complete = (latestRequestId: string | null, now = '2026-11-22T10:00:00.000Z') => ({ type: 'completeReset' as const, now, latestRequestId });
  it('completes a live link once', () => {
    spec
      .given([requested])
      .when(complete(firstRequest))
      .then([{ type: 'PasswordResetCompleted', data: { userId: ada } }]);
    spec
      .given([requested, { type: 'PasswordResetCompleted', data: { userId: ada } }])
      .when(complete(firstRequest))
      .thenThrows(ValidationError, INVALID_RESET_LINK);
  });
  it('refuses an expired or unknown link', () => {
    spec.given([requested]).when(complete(firstRequest, '2026-11-22T10:30:00.000Z')).thenThrows(ValidationError, INVALID_RESET_LINK);
    spec.given([]).when(complete(null)).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
  it('refuses a link once a newer one was issued; a link from before numbering works until then', () => {
    spec.given([requested]).when(complete(secondRequest)).thenThrows(ValidationError, INVALID_RESET_LINK);
    const legacy = { type: 'PasswordResetRequested' as const, data: { ...requested.data, requestId: null } };
    spec
      .given([legacy])
      .when(complete(null))
      .then([{ type: 'PasswordResetCompleted', data: { userId: ada } }]);
    spec.given([legacy]).when(complete(secondRequest)).thenThrows(ValidationError, INVALID_RESET_LINK);
  });
});
