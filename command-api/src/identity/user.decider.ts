import {
  ConflictError,
  TooManyRequestsError,
  ValidationError,
  type BanEvent,
  type Decider,
  type DomainEvent,
  type Role,
  type UserEvent,
  type UserRegistered,
} from '@civitas/events';
import { INVALID_RESET_LINK } from './password-reset.decider';

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
// The sign-in rate limits' words (rate-limits.ts), kept here so this pure decider imports no HTTP code.
export const TOO_MANY_VERIFICATION_LINKS = 'Too many attempts. Please wait a few minutes and try again.';
const HOUR_MS = 3_600_000;

/** `configuredRoles`: what ADMIN_EMAILS gives this address; granted only once the address is verified. */
export type RegisterUser = {
  type: 'registerUser';
  registration: UserRegistered['data'];
  /** True when the address is proven at sign-up: a provider vouched for it, or (`verifiedVia`) a reset link mailed to it was used. */
  emailVerified: boolean;
  verifiedVia?: 'provider' | 'password_reset';
  configuredRoles: Role[];
  /** A password sign-up issues its first verification link in the same append. */
  verificationLink?: { requestId: string; now: string };
};
/** A reset of an account whose address was never proven is refused: it forfeits the address instead (`forfeitUnverifiedAddress`). */
export type ChangePassword = {
  type: 'changePassword';
  passwordHash: string;
  reason: 'reset' | 'change';
  resetRequestId?: string | null;
  /** A change: the hash the member's current password was checked against, which must still be the account's. */
  currentPasswordHash?: string;
};
export const PASSWORD_CHANGED_MEANWHILE = 'Your password was changed meanwhile. Please try again.';
/** Refused when an account that never proved its address would be handed to whoever proves it now. */
export const ADDRESS_NEVER_PROVEN = 'This account never proved its email address.';
export const ADDRESS_ALREADY_PROVEN = 'This account has proved its email address.';
/**
 * A provider sign-in that vouches for the address of an account which proved it too: links the
 * identity (once). An account that never proved its address is not handed over: it forfeits it.
 */
export type LinkExternalIdentity = { type: 'linkExternalIdentity'; issuer: string; subject: string; configuredRoles: Role[] };
/**
 * Someone else proved the address this account never did (`via`): it gives the address up, with
 * every way in (password, provider identities), and keeps only its history, as its registrant's.
 * The prover gets a new account of their own (docs/decisions.md, Identity).
 */
export type ForfeitUnverifiedAddress = { type: 'forfeitUnverifiedAddress'; via: 'provider' | 'password_reset' };
/**
 * A provider sign-in with an identity already linked, whose provider now vouches for the
 * account's address. `subjects`: the identity's subject as events may hold it (keyed hash, or in clear before that).
 */
export type ConfirmAddressByProvider = { type: 'confirmAddressByProvider'; issuer: string; subjects: string[]; configuredRoles: Role[] };
export type GrantRole = { type: 'grantRole'; role: Role };
export type IssueEmailVerification = { type: 'issueEmailVerification'; requestId: string; now: string; maxPerHour: number };
export type VerifyEmail = { type: 'verifyEmail'; requestId: string; expiresAt: string; now: string; configuredRoles: Role[] };
export type IssuePasswordReset = { type: 'issuePasswordReset'; requestId: string };
export type UserCommand =
  | RegisterUser
  | ChangePassword
  | LinkExternalIdentity
  | ForfeitUnverifiedAddress
  | ConfirmAddressByProvider
  | GrantRole
  | IssueEmailVerification
  | VerifyEmail
  | IssuePasswordReset;

export interface UserState {
  userId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  externalIdentities: Array<{ issuer: string; subject: string }>;
  roles: Role[];
  emailVerified: boolean;
  /** Only the newest link of each kind works. */
  latestVerificationRequestId: string | null;
  verificationLinksIssuedAt: string[];
  latestResetRequestId: string | null;
  /** AccountErased: the account's key is shredded and no way in works any more. */
  erased: boolean;
  /** EmailAddressForfeited: the account holds no address and no way in any more. */
  addressForfeited: boolean;
  /** A standing ban's reason (moderation's UserBanned/UserUnbanned): sign-in is refused while it stands. */
  suspensionReason: string | null;
}

const initialState = (): UserState => ({
  userId: null,
  email: null,
  firstName: null,
  lastName: null,
  passwordHash: null,
  externalIdentities: [],
  roles: [],
  emailVerified: false,
  latestVerificationRequestId: null,
  verificationLinksIssuedAt: [],
  latestResetRequestId: null,
  erased: false,
  addressForfeited: false,
  suspensionReason: null,
});

/** The configured roles the account lacks: granted only to a verified address. */
const rolesToGrant = (userId: string, held: readonly Role[], configured: readonly Role[], verified: boolean): UserEvent[] =>
  verified ? configured.filter((role) => !held.includes(role)).map((role) => ({ type: 'UserRoleGranted' as const, data: { userId, role } })) : [];

/** The ways in of an account, but those `keep` names: their holders never showed they own the address. */
function endWaysIn(state: UserState & { userId: string }, keep: (identity: { issuer: string; subject: string }) => boolean): UserEvent[] {
  const { userId } = state;
  const reason = 'unverified_address_claimed' as const;
  return [
    ...(state.passwordHash !== null ? [{ type: 'UserPasswordRemoved' as const, data: { userId, reason } }] : []),
    ...state.externalIdentities
      .filter((identity) => !keep(identity))
      .map((externalIdentity) => ({ type: 'ExternalIdentityUnlinked' as const, data: { userId, externalIdentity, reason } })),
  ];
}

/**
 * The identity that made the account now has its provider vouch for the address (`keep`): the
 * account's history is that identity's own, so the account is verified; a verified one only gains
 * its configured roles.
 */
function addressProvenByProvider(
  state: UserState & { userId: string },
  configuredRoles: readonly Role[],
  keep: (identity: { issuer: string; subject: string }) => boolean,
): UserEvent[] {
  if (state.emailVerified) return rolesToGrant(state.userId, state.roles, configuredRoles, true);
  return [
    ...endWaysIn(state, keep),
    { type: 'EmailVerified', data: { userId: state.userId, via: 'provider' } },
    ...rolesToGrant(state.userId, state.roles, configuredRoles, true),
  ];
}

/** `user-{id}`: the account, its credentials, its address's verification and its roles. */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState,
  evolve: (state, event) => {
    // The account feature's erasure, on this same stream: nothing may be decided for the account after it.
    if ((event as DomainEvent).type === 'AccountErased') return { ...state, erased: true };
    // Moderation's bans, on this same stream: sign-in answers with the reason while one stands.
    const ban = event as DomainEvent as BanEvent;
    if (ban.type === 'UserBanned') return { ...state, suspensionReason: ban.data.reason };
    if (ban.type === 'UserUnbanned') return { ...state, suspensionReason: null };
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          userId: event.data.userId,
          email: event.data.email,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          passwordHash: event.data.passwordHash,
          externalIdentities: event.data.externalIdentity ? [event.data.externalIdentity] : [],
        };
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      case 'UserPasswordRemoved':
        return { ...state, passwordHash: null };
      case 'ExternalIdentityLinked':
        return { ...state, externalIdentities: [...state.externalIdentities, event.data.externalIdentity] };
      case 'ExternalIdentityUnlinked': {
        const { issuer, subject } = event.data.externalIdentity;
        return { ...state, externalIdentities: state.externalIdentities.filter((identity) => identity.issuer !== issuer || identity.subject !== subject) };
      }
      case 'UserRoleGranted':
        return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
      case 'UserRoleRevoked':
        return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
      case 'EmailVerified':
        return { ...state, emailVerified: true };
      case 'EmailAddressForfeited':
        return { ...state, addressForfeited: true, email: null };
      case 'EmailVerificationLinkIssued':
        // Only the last hour's matter (the resend limit); older ones need not be kept.
        return {
          ...state,
          latestVerificationRequestId: event.data.requestId,
          verificationLinksIssuedAt: [
            ...state.verificationLinksIssuedAt.filter((at) => Date.parse(at) > Date.parse(event.data.issuedAt) - HOUR_MS),
            event.data.issuedAt,
          ],
        };
      case 'PasswordResetLinkIssued':
        return { ...state, latestResetRequestId: event.data.requestId };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'registerUser') {
      if (state.userId) throw new ConflictError('An account with this email already exists');
      const userId = command.registration.userId;
      return [
        { type: 'UserRegistered', data: command.registration },
        ...(command.emailVerified ? [{ type: 'EmailVerified' as const, data: { userId, via: command.verifiedVia ?? 'provider' } }] : []),
        ...(command.verificationLink && !command.emailVerified
          ? [
              {
                type: 'EmailVerificationLinkIssued' as const,
                data: { userId, requestId: command.verificationLink.requestId, issuedAt: command.verificationLink.now },
              },
            ]
          : []),
        ...rolesToGrant(userId, [], command.configuredRoles, command.emailVerified),
      ];
    }
    // A forfeited account has no way in left: no link, reset or provider may reach it again.
    if (!state.userId || state.erased || state.addressForfeited) throw new ConflictError('No such account');
    const userId = state.userId;
    switch (command.type) {
      case 'changePassword':
        if (command.reason === 'reset' && (command.resetRequestId ?? null) !== state.latestResetRequestId) throw new ValidationError(INVALID_RESET_LINK);
        if (command.currentPasswordHash !== undefined && command.currentPasswordHash !== state.passwordHash)
          throw new ConflictError(PASSWORD_CHANGED_MEANWHILE);
        if (command.reason === 'reset' && !state.emailVerified) throw new ConflictError(ADDRESS_NEVER_PROVEN);
        return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, reason: command.reason } }];
      case 'linkExternalIdentity': {
        if (!state.emailVerified) throw new ConflictError(ADDRESS_NEVER_PROVEN);
        const linked = state.externalIdentities.some((identity) => identity.issuer === command.issuer && identity.subject === command.subject);
        return [
          ...(linked
            ? []
            : [{ type: 'ExternalIdentityLinked' as const, data: { userId, externalIdentity: { issuer: command.issuer, subject: command.subject } } }]),
          ...rolesToGrant(userId, state.roles, command.configuredRoles, true),
        ];
      }
      case 'forfeitUnverifiedAddress':
        if (state.emailVerified) throw new ConflictError(ADDRESS_ALREADY_PROVEN);
        return [...endWaysIn({ ...state, userId }, () => false), { type: 'EmailAddressForfeited', data: { userId, via: command.via } }];
      case 'confirmAddressByProvider':
        return addressProvenByProvider(
          { ...state, userId },
          command.configuredRoles,
          (identity) => identity.issuer === command.issuer && command.subjects.includes(identity.subject),
        );
      case 'grantRole':
        return state.roles.includes(command.role) ? [] : [{ type: 'UserRoleGranted', data: { userId, role: command.role } }];
      case 'issueEmailVerification': {
        if (state.emailVerified) throw new ConflictError(ALREADY_VERIFIED);
        const now = Date.parse(command.now);
        const recent = state.verificationLinksIssuedAt.map(Date.parse).filter((at) => at > now - HOUR_MS);
        // Retry-After: until the oldest link of the last hour stops counting.
        if (recent.length >= command.maxPerHour)
          throw new TooManyRequestsError(
            TOO_MANY_VERIFICATION_LINKS,
            Math.max(1, Math.ceil((Math.min(...recent) + HOUR_MS - now) / 1000)),
            'resend-verification',
          );
        return [{ type: 'EmailVerificationLinkIssued', data: { userId, requestId: command.requestId, issuedAt: command.now } }];
      }
      case 'verifyEmail':
        if (command.requestId !== state.latestVerificationRequestId || Date.parse(command.expiresAt) <= Date.parse(command.now))
          throw new ValidationError(INVALID_VERIFICATION_LINK);
        // Following the newest link again is harmless: it answers as the first time did.
        if (state.emailVerified) return [];
        return [{ type: 'EmailVerified', data: { userId, via: 'link' } }, ...rolesToGrant(userId, state.roles, command.configuredRoles, true)];
      case 'issuePasswordReset':
        return [{ type: 'PasswordResetLinkIssued', data: { userId, requestId: command.requestId } }];
    }
  },
};
