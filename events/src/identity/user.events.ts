import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

export const ROLES = ['admin', 'auditor'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** `subject`: the provider's subject id as a keyed hash (in clear in events written before that); it is only compared. */
export const ExternalIdentity = z.object({ issuer: z.string(), subject: z.string() });

/**
 * v2: email, firstName and lastName are sealed with the member's own key (personal data enters
 * events only sealed); v1 events hold them in clear, and readers reveal either.
 */
export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    /** argon2id; null for accounts that only sign in through a provider. */
    passwordHash: z.string().nullable(),
    externalIdentity: ExternalIdentity.nullable(),
  }),
  { version: 2, upcasters: [{ from: 1, upcast: (data) => data }] },
);
export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  z.object({ userId: z.uuid(), passwordHash: z.string(), reason: z.enum(['reset', 'change']) }),
);
export const ExternalIdentityLinked = defineEvent('ExternalIdentityLinked', z.object({ userId: z.uuid(), externalIdentity: ExternalIdentity }));
/**
 * `grantedBy`/`revokedBy`: the admin who decided, with their reason; absent or null when
 * ADMIN_EMAILS granted the role (the configuration decided, not a person).
 */
export const UserRoleGranted = defineEvent(
  'UserRoleGranted',
  z.object({
    userId: z.uuid(),
    role: Role,
    grantedBy: z.uuid().nullable().optional(),
    reason: z.string().nullable().optional(),
  }),
);
export const UserRoleRevoked = defineEvent(
  'UserRoleRevoked',
  z.object({
    userId: z.uuid(),
    role: Role,
    revokedBy: z.uuid().nullable().optional(),
    reason: z.string().nullable().optional(),
  }),
);

/** The account's address is proven: the member followed the mailed link, or their provider vouched for it. */
/** `password_reset`: a reset link mailed to the address was used, which proves the mailbox as well. */
export const EmailVerified = defineEvent('EmailVerified', z.object({ userId: z.uuid(), via: z.enum(['link', 'provider', 'password_reset']) }));
/**
 * The account's password ended: a provider proved the address of an account whose address
 * was never verified, so whoever set that password may not be its owner.
 */
export const UserPasswordRemoved = defineEvent('UserPasswordRemoved', z.object({ userId: z.uuid(), reason: z.enum(['unverified_address_claimed']) }));
/** A provider identity no longer signs in to the account: for the same reason, one that never proved the address. */
export const ExternalIdentityUnlinked = defineEvent(
  'ExternalIdentityUnlinked',
  z.object({ userId: z.uuid(), externalIdentity: ExternalIdentity, reason: z.enum(['unverified_address_claimed']) }),
);
/**
 * The account gave up its address, which it never proved: whoever proved it (`via` a provider
 * that vouches for it, or a reset link mailed to it) got a new account of their own, and this
 * one keeps what its registrant did but no way in (docs/decisions.md, Identity).
 */
export const EmailAddressForfeited = defineEvent('EmailAddressForfeited', z.object({ userId: z.uuid(), via: z.enum(['provider', 'password_reset']) }));
/**
 * On the user stream: a link was issued (its token lives on its own stream, by hash). Only the
 * newest link of each kind works, so issuing one ends the ones before it.
 */
export const EmailVerificationLinkIssued = defineEvent(
  'EmailVerificationLinkIssued',
  z.object({ userId: z.uuid(), requestId: z.uuid(), issuedAt: z.iso.datetime() }),
);
export const PasswordResetLinkIssued = defineEvent('PasswordResetLinkIssued', z.object({ userId: z.uuid(), requestId: z.uuid() }));

export type UserRegistered = EventOf<typeof UserRegistered>;
export type UserPasswordChanged = EventOf<typeof UserPasswordChanged>;
export type ExternalIdentityLinked = EventOf<typeof ExternalIdentityLinked>;
export type UserRoleGranted = EventOf<typeof UserRoleGranted>;
export type UserRoleRevoked = EventOf<typeof UserRoleRevoked>;
export type EmailVerified = EventOf<typeof EmailVerified>;
export type UserPasswordRemoved = EventOf<typeof UserPasswordRemoved>;
export type ExternalIdentityUnlinked = EventOf<typeof ExternalIdentityUnlinked>;
export type EmailVerificationLinkIssued = EventOf<typeof EmailVerificationLinkIssued>;
export type PasswordResetLinkIssued = EventOf<typeof PasswordResetLinkIssued>;
export type EmailAddressForfeited = EventOf<typeof EmailAddressForfeited>;
export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | ExternalIdentityLinked
  | UserRoleGranted
  | UserRoleRevoked
  | EmailVerified
  | UserPasswordRemoved
  | ExternalIdentityUnlinked
  | EmailVerificationLinkIssued
  | PasswordResetLinkIssued
  | EmailAddressForfeited;

/** `email-{hash}` and `external-identity-{hash}` streams: who holds an address or a provider identity. */
export const EmailReserved = defineEvent('EmailReserved', z.object({ userId: z.uuid() }));
export const EmailReservationReleased = defineEvent('EmailReservationReleased', z.object({ userId: z.uuid() }));
export const ExternalIdentityReserved = defineEvent('ExternalIdentityReserved', z.object({ userId: z.uuid() }));
export type EmailReserved = EventOf<typeof EmailReserved>;
export type EmailReservationReleased = EventOf<typeof EmailReservationReleased>;
export type ExternalIdentityReserved = EventOf<typeof ExternalIdentityReserved>;
export type ReservationEvent = EmailReserved | EmailReservationReleased | ExternalIdentityReserved;

/**
 * `password-reset-{tokenHash}` streams: named by the token's hash, the token never in clear. v2
 * carries it sealed with the member's key, so the mail outbox can write the link; v3 the id of
 * the request the user stream records (null before: such a link works until a newer one is issued).
 */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ userId: z.uuid(), requestId: z.uuid().nullable(), expiresAt: z.iso.datetime(), tokenSealed: z.string().nullable() }),
  {
    version: 3,
    upcasters: [
      { from: 1, upcast: (data) => ({ ...data, tokenSealed: null }) },
      { from: 2, upcast: (data) => ({ ...data, requestId: null }) },
    ],
  },
);
export const PasswordResetCompleted = defineEvent('PasswordResetCompleted', z.object({ userId: z.uuid() }));
export type PasswordResetRequested = EventOf<typeof PasswordResetRequested>;
export type PasswordResetCompleted = EventOf<typeof PasswordResetCompleted>;
export type PasswordResetEvent = PasswordResetRequested | PasswordResetCompleted;

/**
 * `email-verification-{tokenHash}` streams, like password resets: the token only as the stream
 * name's hash, sealed with the member's key for the mail outbox.
 */
export const EmailVerificationRequested = defineEvent(
  'EmailVerificationRequested',
  z.object({ userId: z.uuid(), requestId: z.uuid(), expiresAt: z.iso.datetime(), tokenSealed: z.string() }),
);
export type EmailVerificationRequested = EventOf<typeof EmailVerificationRequested>;

export const identityEvents = [
  UserRegistered,
  UserPasswordChanged,
  ExternalIdentityLinked,
  UserRoleGranted,
  UserRoleRevoked,
  EmailReserved,
  EmailReservationReleased,
  ExternalIdentityReserved,
  PasswordResetRequested,
  PasswordResetCompleted,
  EmailVerified,
  UserPasswordRemoved,
  ExternalIdentityUnlinked,
  EmailVerificationLinkIssued,
  PasswordResetLinkIssued,
  EmailVerificationRequested,
  EmailAddressForfeited,
];
