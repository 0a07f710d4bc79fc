import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  FRESH_SIGN_IN_MINUTES,
  NO_PASSWORD_TO_CHANGE,
  PASSWORD_REQUIRED_TO_DELETE,
  RESET_TOKEN_TTL_MS,
  SIGN_IN_AGAIN_TO_DELETE,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
  VERIFICATION_TOKEN_TTL_MS,
  ValidationError,
  emailStream,
  emailVerificationStream,
  externalIdentityStream,
  fold,
  normalizeEmail,
  passwordResetStream,
  userStream,
  type Decider,
  type DomainEvent,
  type Position,
  type ReservationEvent,
  type Role,
  type UserEvent,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { randomToken, sha256 } from '@civitas/service-kit/tokens';
import type { CommandBus } from '../lib/command-bus';
import { ReauthenticationFailed } from '../lib/reauthentication';
import { emailVerificationDecider } from './email-verification.decider';
import { hashPassword, verifyPassword } from './password-hashing';
import { passwordResetDecider } from './password-reset.decider';
import { EMAIL_TAKEN, reservationDecider } from './reservation.decider';
import { INVALID_VERIFICATION_LINK, userDecider, type RegisterUser, type UserState } from './user.decider';

export const UNVERIFIED_PROVIDER_EMAIL_TAKEN = 'An account with this email already exists. Sign in with your password.';
/** Verification links one account may be sent in an hour, the sign-up's included. */
export const VERIFICATION_LINKS_PER_HOUR = 5;
export const NO_ADDRESS_TO_VERIFY = 'This account has no email address to verify.';
/** Provider accounts without an address get a placeholder that no one receives. */
const PLACEHOLDER_DOMAIN = '@users.noreply.civitas';
const isPlaceholderAddress = (email: string) => email.endsWith(PLACEHOLDER_DOMAIN);
/** A reservation whose account never appeared after this long was left by a crashed sign-up. */
const ABANDONED_RESERVATION_MS = 60_000;

export interface IdentityDependencies {
  bus: CommandBus;
  adminEmails: readonly string[];
  vault: PersonalDataVault;
  /**
   * Names the reservation streams (e-mail, provider identity): a keyed hash, so whoever reads
   * the event history (auditors, backups) cannot test whether an address has an account.
   */
  reservationKey: (value: string) => string;
  /** Runs after an account is created (the member's personal groups); must not throw. Answers its last position. */
  onAccountCreated?: (userId: string) => Promise<Position | null>;
}

export interface ExternalProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** The account's e-mail and names in clear (events hold them sealed, or in clear before sealing existed). */
export async function revealUser(vault: PersonalDataVault, userId: string, state: UserState): Promise<UserState> {
  const [email, firstName, lastName] = await vault.revealAll(userId, [state.email, state.firstName, state.lastName]);
  return { ...state, email, firstName, lastName };
}

export interface Account {
  userId: string;
  state: UserState;
}

/** What a provider sign-in changed, for the session and the security log. */
export interface ExternalSignIn {
  userId: string;
  created: boolean;
  position: Position | null;
  /**
   * An account whose other ways in (a password, other provider identities) ended because the
   * provider proved an address it never proved: its sessions must end too. The signed-in account
   * itself when its own identity proved it; else the account that forfeited the address.
   */
  claimedUnverifiedAccount: string | null;
  emailVerified: boolean;
  rolesGranted: Role[];
  /** A standing ban's reason: the sign-in is refused with it (the account's changes above still happened). */
  suspensionReason: string | null;
}

/** The roles and verification a command's events brought. */
function outcomeOf(events: readonly UserEvent[]) {
  return {
    emailVerified: events.some((event) => event.type === 'EmailVerified'),
    rolesGranted: events.flatMap((event) => (event.type === 'UserRoleGranted' ? [event.data.role] : [])),
  };
}

/** Sign-up, sign-in checks, e-mail verification, password resets and roles, as commands on the identity streams. */
export class IdentityService {
  constructor(private readonly deps: IdentityDependencies) {}

  /** A new password account, signed in but unverified; the token is its first verification link's. */
  async registerWithPassword(
    input: { email: string; password: string; firstName: string; lastName: string },
    actorId: string | null = null,
  ): Promise<{ account: Account; position: Position | null; verificationToken: string }> {
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    await this.reserveEmail(email, userId);
    const requestId = randomUUID();
    const created = await this.createUser(
      { userId, email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), profileImageUrl: null, passwordHash, externalIdentity: null },
      actorId,
      { emailVerified: false, verificationLink: { requestId, now: this.now() } },
    );
    const verificationToken = await this.recordVerificationLink(userId, requestId);
    return { ...created, verificationToken };
  }

  /** The account when the password matches; otherwise the account tried, if any (for the security log). Similar time either way. */
  async verifyLogin(email: string, password: string): Promise<{ account: Account; triedUserId: string } | { account: null; triedUserId: string | null }> {
    const account = await this.findAccountByEmail(normalizeEmail(email));
    const matches = await verifyPassword(account?.state.passwordHash ?? null, password);
    return matches && account ? { account, triedUserId: account.userId } : { account: null, triedUserId: account?.userId ?? null };
  }

  /**
   * An OpenID Connect sign-in: the account keyed by (issuer, subject). A provider-verified
   * e-mail of an account that proved it links to it. An account that never proved the address
   * forfeits it, with its password and provider identities, and the provider's person gets a new
   * account: nothing its registrant did becomes theirs. An unverified e-mail that an account holds
   * is refused; otherwise a new account is created.
   */
  async signInWithExternalIdentity(profile: ExternalProfile): Promise<ExternalSignIn> {
    const identity = `${profile.issuer}\n${profile.subject}`;
    const identityNames = this.reservationNames(externalIdentityStream, identity);
    const identityKey = identityNames.keyed;
    // The user's events keep the provider's subject id only as a keyed hash: it is only ever compared.
    const subject = this.deps.reservationKey(`subject\n${identity}`);
    const email = profile.email ? normalizeEmail(profile.email) : null;
    const nothingChanged = { created: false, position: null, claimedUnverifiedAccount: null, emailVerified: false, rolesGranted: [], suspensionReason: null };
    const holder = await this.holderOfEither(identityNames);
    const held = holder ? await this.loadAccount(holder) : null;
    // Events before keyed subjects hold the subject in clear.
    const subjects = [subject, profile.subject];
    const stillLinked = held?.state.externalIdentities.some((linked) => linked.issuer === profile.issuer && subjects.includes(linked.subject));
    if (held && stillLinked) {
      const proven = profile.emailVerified && email !== null && held.state.email === email;
      const { suspensionReason } = held.state;
      if (!proven || held.state.emailVerified) return { userId: held.userId, ...nothingChanged, suspensionReason };
      const confirmed = await this.execute(
        userStream(held.userId),
        userDecider,
        { type: 'confirmAddressByProvider', issuer: profile.issuer, subjects, configuredRoles: this.configuredRoles(email) },
        held.userId,
      );
      // Only when some other way in ended do sessions have to go.
      const othersEnded = confirmed.events.some((event) => event.type === 'UserPasswordRemoved' || event.type === 'ExternalIdentityUnlinked');
      return {
        userId: held.userId,
        ...nothingChanged,
        suspensionReason,
        position: confirmed.position,
        claimedUnverifiedAccount: othersEnded ? held.userId : null,
        ...outcomeOf(confirmed.events),
      };
    }
    // An identity unlinked when its account's address was proven by another: it is matched by e-mail like a new one.

    const existing = email ? await this.findAccountByEmail(email) : null;
    if (existing && !profile.emailVerified) throw new ConflictError(UNVERIFIED_PROVIDER_EMAIL_TAKEN);
    // An identity whose account was erased or forfeited its address is free: it makes or joins another account.
    const holderLeft = holder !== null && (await this.hasLeft(holder));
    if (existing?.state.emailVerified) {
      await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId: existing.userId, holderLeft }, existing.userId);
      const linked = await this.execute(
        userStream(existing.userId),
        userDecider,
        {
          type: 'linkExternalIdentity',
          issuer: profile.issuer,
          subject,
          configuredRoles: this.configuredRoles(email!),
        },
        existing.userId,
      );
      return {
        userId: existing.userId,
        ...nothingChanged,
        suspensionReason: existing.state.suspensionReason,
        position: linked.position,
        ...outcomeOf(linked.events),
      };
    }
    // Never proven by its holder: the address goes to the provider's person, the account's history stays its registrant's.
    const forfeited = existing ? await this.forfeitAddress(existing.userId, 'provider') : null;

    const userId = randomUUID();
    await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId, holderLeft }, userId);
    // A provider without an e-mail still gets an account; its address is unique per identity.
    const accountEmail = email ?? `${this.deps.reservationKey(identity).slice(0, 24)}${PLACEHOLDER_DOMAIN}`;
    await this.reserveEmail(accountEmail, userId);
    const emailVerified = profile.emailVerified && email !== null;
    const created = await this.createUser(
      {
        userId,
        email: accountEmail,
        firstName: profile.firstName,
        lastName: profile.lastName,
        profileImageUrl: profile.profileImageUrl,
        passwordHash: null,
        externalIdentity: { issuer: profile.issuer, subject },
      },
      userId,
      { emailVerified },
    );
    return {
      userId,
      created: true,
      position: created.position,
      claimedUnverifiedAccount: forfeited,
      emailVerified,
      rolesGranted: created.account.state.roles,
      suspensionReason: null,
    };
  }

  /** Always returns a token, so the answer looks the same whether or not the account exists. */
  async requestPasswordReset(email: string): Promise<{ token: string; userId: string | null }> {
    const token = randomToken();
    const account = await this.findAccountByEmail(normalizeEmail(email));
    if (account) {
      // The user stream records the newest request first: from now on only this link works.
      const requestId = randomUUID();
      await this.execute(userStream(account.userId), userDecider, { type: 'issuePasswordReset', requestId }, null);
      const expiresAt = new Date(this.deps.bus.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
      // Sealed with the member's key: the mail outbox writes the link; erasure makes it unreadable.
      const tokenSealed = await this.deps.vault.seal(account.userId, token);
      await this.execute(
        passwordResetStream(sha256(token)),
        passwordResetDecider,
        { type: 'requestReset', userId: account.userId, requestId, expiresAt, tokenSealed },
        null,
      );
    }
    return { token, userId: account?.userId ?? null };
  }

  /**
   * Uses the reset link once, if it is the account's newest, and sets the new password; returns
   * the account's id. The link proves the mailbox: an account that never proved its address
   * forfeits it (`claimedUnverifiedAccount`), and the new password opens a new account of its own.
   */
  async resetPassword(token: string, password: string): Promise<{ userId: string; position: Position | null; claimedUnverifiedAccount: string | null }> {
    const passwordHash = await hashPassword(password);
    const stream = passwordResetStream(sha256(token));
    const { state: link } = await this.deps.bus.load(stream, passwordResetDecider);
    const account = link.userId ? await this.loadAccount(link.userId) : null;
    const latestRequestId = account?.state.latestResetRequestId ?? null;
    const completed = await this.execute(stream, passwordResetDecider, { type: 'completeReset', now: this.now(), latestRequestId }, null);
    const userId = completed.events[0]!.data.userId;
    const email = account?.state.email ?? null;
    if (account && email && !account.state.emailVerified) {
      await this.forfeitAddress(userId, 'password_reset');
      const ownerId = randomUUID();
      await this.reserveEmail(email, ownerId);
      // Names too were the registrant's: the owner gives their own on the profile.
      const created = await this.createUser(
        { userId: ownerId, email, firstName: null, lastName: null, profileImageUrl: null, passwordHash, externalIdentity: null },
        ownerId,
        { emailVerified: true, verifiedVia: 'password_reset' },
      );
      return { userId: ownerId, position: created.position, claimedUnverifiedAccount: userId };
    }
    // Checked again on the user stream, so a link issued meanwhile still ends this one.
    const changed = await this.execute(
      userStream(userId),
      userDecider,
      { type: 'changePassword', passwordHash, reason: 'reset', resetRequestId: link.requestId },
      userId,
    );
    return { userId, position: changed.position, claimedUnverifiedAccount: null };
  }

  /** A new verification link for a signed-in member (ending the ones before); answers its token. */
  async resendEmailVerification(userId: string, maxPerHour: number): Promise<string> {
    const account = await this.loadAccount(userId);
    if (!account) throw new ConflictError('No such account');
    if (!account.state.email || isPlaceholderAddress(account.state.email)) throw new ConflictError(NO_ADDRESS_TO_VERIFY);
    const requestId = randomUUID();
    await this.execute(userStream(userId), userDecider, { type: 'issueEmailVerification', requestId, now: this.now(), maxPerHour }, userId);
    return this.recordVerificationLink(userId, requestId);
  }

  /** Follows a verification link: the address is verified, and ADMIN_EMAILS roles apply from now on. */
  async verifyEmail(token: string): Promise<{ userId: string; position: Position | null; emailVerified: boolean; rolesGranted: Role[] }> {
    const { state: link } = await this.deps.bus.load(emailVerificationStream(sha256(token)), emailVerificationDecider);
    const account = link.userId ? await this.loadAccount(link.userId) : null;
    if (!account) throw new ValidationError(INVALID_VERIFICATION_LINK);
    const verified = await this.execute(
      userStream(account.userId),
      userDecider,
      {
        type: 'verifyEmail',
        requestId: link.requestId!,
        expiresAt: link.expiresAt!,
        now: this.now(),
        configuredRoles: this.configuredRoles(account.state.email),
      },
      account.userId,
    );
    return { userId: account.userId, position: verified.position, ...outcomeOf(verified.events) };
  }

  /** ADMIN_EMAILS whose accounts exist with a verified address become admins (others when they verify). */
  async grantConfiguredAdmins(): Promise<void> {
    for (const email of this.deps.adminEmails) {
      const account = await this.findAccountByEmail(email);
      if (account?.state.emailVerified) await this.execute(userStream(account.userId), userDecider, { type: 'grantRole', role: 'admin' }, null);
    }
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const holder = await this.holderOfEither(this.reservationNames(emailStream, email));
    return holder ? this.loadAccount(holder) : null;
  }

  /** The member as mail sees them (the mail outbox's MailRecipients): names, and an address mail reaches, from their stream. */
  async recipient(userId: string) {
    const { state } = await this.deps.bus.load(userStream(userId), userDecider);
    const { email, firstName, lastName } = await revealUser(this.deps.vault, userId, state);
    return { email: email && !isPlaceholderAddress(email) ? email : null, emailVerified: state.emailVerified, firstName, lastName };
  }

  /**
   * The account, or null when there is none (never created, erased, or forfeited its address: such
   * an account no longer exists for any way in).
   */
  async loadAccount(userId: string): Promise<Account | null> {
    const { state, version } = await this.deps.bus.load(userStream(userId), userDecider);
    if (version === 0 || state.erased || state.addressForfeited) return null;
    return { userId, state: await revealUser(this.deps.vault, userId, state) };
  }

  /**
   * A signed-in member's new password, given their current one. The decider checks the hash it
   * was verified against is still the account's, so two changes at once cannot both pass.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<{ position: Position | null }> {
    const account = await this.loadAccount(userId);
    if (!account) throw new ConflictError('No such account');
    const currentHash = account.state.passwordHash;
    if (currentHash === null) throw new ValidationError(NO_PASSWORD_TO_CHANGE);
    if (!(await verifyPassword(currentHash, currentPassword))) throw new ReauthenticationFailed(WRONG_CURRENT_PASSWORD);
    const passwordHash = await hashPassword(newPassword);
    const changed = await this.execute(
      userStream(userId),
      userDecider,
      { type: 'changePassword', passwordHash, reason: 'change', currentPasswordHash: currentHash },
      userId,
    );
    return { position: changed.position };
  }

  /**
   * Before an account is erased, its member proves they are at the keyboard: by its password, or
   * for an account without one, by a sign-in (the session's start) within FRESH_SIGN_IN_MINUTES.
   */
  async reauthenticate(userId: string, password: string | undefined, signedInAt: string): Promise<'password' | 'fresh_sign_in'> {
    const account = await this.loadAccount(userId);
    if (!account) throw new ConflictError('No such account');
    if (account.state.passwordHash !== null) {
      if (!password) throw new ValidationError(PASSWORD_REQUIRED_TO_DELETE);
      if (!(await verifyPassword(account.state.passwordHash, password))) throw new ReauthenticationFailed(WRONG_PASSWORD);
      return 'password';
    }
    if (this.deps.bus.now().getTime() - Date.parse(signedInAt) > FRESH_SIGN_IN_MINUTES * 60_000) throw new ReauthenticationFailed(SIGN_IN_AGAIN_TO_DELETE);
    return 'fresh_sign_in';
  }

  /**
   * Erasure: the account's address is free to register again. Runs before the key is shredded,
   * since the address (sealed with it) names the reservation stream. Provider identities cannot
   * be named from the account (it keeps only a keyed hash of each): a later sign-in through one
   * finds its holder erased and takes it over.
   */
  async releaseEmail(userId: string): Promise<void> {
    const account = await this.loadAccount(userId);
    if (!account?.state.email) return;
    const { keyed, legacy } = this.reservationNames(emailStream, account.state.email);
    for (const stream of [keyed, legacy]) await this.execute(stream, reservationDecider, { type: 'release', userId }, userId);
  }

  /** Erased, or forfeited the address it never proved: what it held is free for others. */
  private async hasLeft(userId: string): Promise<boolean> {
    const { state } = await this.deps.bus.load(userStream(userId), userDecider);
    return state.erased || state.addressForfeited;
  }

  /**
   * Someone else proved the address this account never did: it gives it up with every way in
   * (its sessions end at the route), and its reservation is taken over by the prover's new account.
   */
  private async forfeitAddress(userId: string, via: 'provider' | 'password_reset'): Promise<string> {
    await this.execute(userStream(userId), userDecider, { type: 'forfeitUnverifiedAddress', via }, null);
    return userId;
  }

  /** The e-mail and names enter the event sealed with the member's own key (erasure deletes the key). */
  private async createUser(
    registration: RegisterUser['registration'],
    actorId: string | null,
    verification: Pick<RegisterUser, 'emailVerified' | 'verifiedVia' | 'verificationLink'>,
  ) {
    const { userId } = registration;
    const [email, firstName, lastName] = await this.deps.vault.sealAll(userId, [registration.email, registration.firstName, registration.lastName]);
    const sealed = { ...registration, email, firstName, lastName };
    const result = await this.execute(
      userStream(userId),
      userDecider,
      {
        type: 'registerUser',
        registration: sealed,
        configuredRoles: this.configuredRoles(registration.email),
        ...verification,
      },
      actorId ?? userId,
    );
    const followUp = await this.deps.onAccountCreated?.(userId);
    // The state holds them sealed; the caller gets the values it gave, in clear.
    const state = { ...result.state, email: registration.email, firstName: registration.firstName, lastName: registration.lastName };
    return { account: { userId, state }, position: followUp ?? result.position };
  }

  /** The token stream of a verification link the user stream already recorded; answers the token. */
  private async recordVerificationLink(userId: string, requestId: string): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(this.deps.bus.now().getTime() + VERIFICATION_TOKEN_TTL_MS).toISOString();
    // Sealed with the member's key, as reset links are: the mail outbox writes the link.
    const tokenSealed = await this.deps.vault.seal(userId, token);
    await this.execute(
      emailVerificationStream(sha256(token)),
      emailVerificationDecider,
      { type: 'requestVerification', userId, requestId, expiresAt, tokenSealed },
      userId,
    );
    return token;
  }

  /** What ADMIN_EMAILS gives an address (granted only once it is verified). */
  private configuredRoles(email: string | null): Role[] {
    return email && this.deps.adminEmails.includes(email) ? ['admin'] : [];
  }

  private now(): string {
    return this.deps.bus.now().toISOString();
  }

  private async reserveEmail(email: string, userId: string): Promise<void> {
    const { keyed: stream, legacy } = this.reservationNames(emailStream, email);
    const legacyHolder = await this.holderOf(legacy);
    if (legacyHolder && (await this.loadAccount(legacyHolder))) throw new ConflictError(EMAIL_TAKEN);
    try {
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId }, userId);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Its holder forfeited it (or, crashed, never appeared): the address is free.
      const holder = await this.holderOf(stream);
      if (holder && (await this.hasLeft(holder))) {
        await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId, holderLeft: true }, userId);
        return;
      }
      if (!(await this.reservationAbandoned(stream))) throw error;
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId, holderAbandoned: true }, userId);
    }
  }

  private async reservationAbandoned(stream: string): Promise<boolean> {
    const read = await this.deps.bus.store.readStream(stream);
    const last = read.events.at(-1);
    const holder = fold(
      reservationDecider,
      read.events.map((event) => this.deps.bus.registry.decode(event) as ReservationEvent),
    ).userId;
    if (!last || !holder || (await this.loadAccount(holder))) return false;
    return this.deps.bus.now().getTime() - last.recordedAt.getTime() > ABANDONED_RESERVATION_MS;
  }

  /** A reservation's stream, and the one accounts made before keyed names hold it on (named by the plain SHA-256). */
  private reservationNames(stream: (hash: string) => string, value: string) {
    return { keyed: stream(this.deps.reservationKey(value)), legacy: stream(sha256(value)) };
  }

  private async holderOfEither(names: { keyed: string; legacy: string }): Promise<string | null> {
    return (await this.holderOf(names.keyed)) ?? (await this.holderOf(names.legacy));
  }

  private async holderOf(stream: string): Promise<string | null> {
    return (await this.deps.bus.load(stream, reservationDecider)).state.userId;
  }

  private execute<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    actorId: string | null,
  ) {
    return this.deps.bus.run(streamId, decider, command, { actorId });
  }
}
