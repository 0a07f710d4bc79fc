import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  emailStream,
  externalIdentityStream,
  fold,
  normalizeEmail,
  passwordResetStream,
  userStream,
  type Decider,
  type DomainEvent,
  type Position,
  type ReservationEvent,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { randomToken, sha256 } from '@civitas/service-kit/tokens';
import type { CommandBus } from '../lib/command-bus';
import { hashPassword, verifyPassword } from './password-hashing';
import { passwordResetDecider } from './password-reset.decider';
import { EMAIL_TAKEN, reservationDecider } from './reservation.decider';
import { userDecider, type RegisterUser, type UserState } from './user.decider';


export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** The page a reset link opens, with its token. */
export const resetPasswordLink = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/reset-password/${token}`;
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

/** Sign-up, sign-in checks, password resets and roles, as commands on the identity streams. */
export class IdentityService {
  constructor(private readonly deps: IdentityDependencies) {}

  async registerWithPassword(input: { email: string; password: string; firstName: string; lastName: string }, actorId: string | null = null): Promise<{ account: Account; position: Position | null }> {
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const userId = randomUUID();
    await this.reserveEmail(email, userId);
    return this.createUser({ userId, email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), profileImageUrl: null, passwordHash, externalIdentity: null }, actorId);
  }

  /** The account when the password matches; null otherwise, in similar time either way. */
  async verifyLogin(email: string, password: string): Promise<Account | null> {
    const account = await this.findAccountByEmail(normalizeEmail(email));
    const matches = await verifyPassword(account?.state.passwordHash ?? null, password);
    return matches && account ? account : null;
  }

  /**
   * An OpenID Connect sign-in: the account keyed by (issuer, subject); a verified e-mail of an
   * existing account links to it, otherwise a new account is created.
   */
  async signInWithExternalIdentity(profile: ExternalProfile): Promise<{ userId: string; created: boolean; position: Position | null }> {
    const identity = `${profile.issuer}\n${profile.subject}`;
    const identityNames = this.reservationNames(externalIdentityStream, identity);
    const identityKey = identityNames.keyed;
    // The user's events keep the provider's subject id only as a keyed hash: it is only ever compared.
    const subject = this.deps.reservationKey(`subject\n${identity}`);
    const holder = await this.holderOfEither(identityNames);
    if (holder && (await this.loadAccount(holder))) return { userId: holder, created: false, position: null };

    const email = profile.email ? normalizeEmail(profile.email) : null;
    const existing = email ? await this.findAccountByEmail(email) : null;
    if (existing) {
      if (!profile.emailVerified) throw new ConflictError('An account with this email already exists. Sign in with your password.');
      await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId: existing.userId }, existing.userId);
      const linked = await this.execute(userStream(existing.userId), userDecider, { type: 'linkExternalIdentity', issuer: profile.issuer, subject }, existing.userId);
      return { userId: existing.userId, created: false, position: linked.position };
    }

    const userId = randomUUID();
    await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId }, userId);
    // A provider without an e-mail still gets an account; its address is unique per identity.
    const accountEmail = email ?? `${this.deps.reservationKey(identity).slice(0, 24)}@users.noreply.civitas`;
    await this.reserveEmail(accountEmail, userId);
    const created = await this.createUser({
      userId,
      email: accountEmail,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
      passwordHash: null,
      externalIdentity: { issuer: profile.issuer, subject },
    }, userId);
    return { userId, created: true, position: created.position };
  }

  /** Always returns a token, so the answer looks the same whether or not the account exists. */
  async requestPasswordReset(email: string): Promise<string> {
    const token = randomToken();
    const account = await this.findAccountByEmail(normalizeEmail(email));
    if (account) {
      const expiresAt = new Date(this.deps.bus.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
      // Sealed with the member's key: the mail outbox writes the link; erasure makes it unreadable.
      const tokenSealed = await this.deps.vault.seal(account.userId, token);
      await this.execute(passwordResetStream(sha256(token)), passwordResetDecider, { type: 'requestReset', userId: account.userId, expiresAt, tokenSealed }, null);
    }
    return token;
  }

  /** Uses the reset link once and sets the new password; returns the account's id. */
  async resetPassword(token: string, password: string): Promise<{ userId: string; position: Position | null }> {
    const passwordHash = await hashPassword(password);
    const completed = await this.execute(passwordResetStream(sha256(token)), passwordResetDecider, { type: 'completeReset', now: this.deps.bus.now().toISOString() }, null);
    const userId = completed.events[0]!.data.userId;
    const changed = await this.execute(userStream(userId), userDecider, { type: 'changePassword', passwordHash, reason: 'reset' }, userId);
    return { userId, position: changed.position };
  }

  /** ADMIN_EMAILS that already have accounts become admins (new ones do at sign-up). */
  async grantConfiguredAdmins(): Promise<void> {
    for (const email of this.deps.adminEmails) {
      const account = await this.findAccountByEmail(email);
      if (account) await this.execute(userStream(account.userId), userDecider, { type: 'grantRole', role: 'admin' }, null);
    }
  }

  async findAccountByEmail(email: string): Promise<Account | null> {
    const holder = await this.holderOfEither(this.reservationNames(emailStream, email));
    return holder ? this.loadAccount(holder) : null;
  }

  async loadAccount(userId: string): Promise<Account | null> {
    const { state, version } = await this.deps.bus.load(userStream(userId), userDecider);
    if (version === 0) return null;
    return { userId, state: await revealUser(this.deps.vault, userId, state) };
  }

  /** The e-mail and names enter the event sealed with the member's own key (erasure deletes the key). */
  private async createUser(registration: RegisterUser['registration'], actorId: string | null) {
    const { userId } = registration;
    const roles = this.deps.adminEmails.includes(registration.email) ? (['admin'] as const) : [];
    const [email, firstName, lastName] = await this.deps.vault.sealAll(userId, [registration.email, registration.firstName, registration.lastName]);
    const sealed = { ...registration, email, firstName, lastName };
    const result = await this.execute(userStream(userId), userDecider, { type: 'registerUser', registration: sealed, roles: [...roles] }, actorId ?? userId);
    const followUp = await this.deps.onAccountCreated?.(userId);
    // The state holds them sealed; the caller gets the values it gave, in clear.
    const state = { ...result.state, email: registration.email, firstName: registration.firstName, lastName: registration.lastName };
    return { account: { userId, state }, position: followUp ?? result.position };
  }

  private async reserveEmail(email: string, userId: string): Promise<void> {
    const { keyed: stream, legacy } = this.reservationNames(emailStream, email);
    const legacyHolder = await this.holderOf(legacy);
    if (legacyHolder && (await this.loadAccount(legacyHolder))) throw new ConflictError(EMAIL_TAKEN);
    try {
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId }, userId);
    } catch (error) {
      if (!(error instanceof ConflictError) || !(await this.reservationAbandoned(stream))) throw error;
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId, holderAbandoned: true }, userId);
    }
  }

  private async reservationAbandoned(stream: string): Promise<boolean> {
    const read = await this.deps.bus.store.readStream(stream);
    const last = read.events.at(-1);
    const holder = fold(reservationDecider, read.events.map((event) => this.deps.bus.registry.decode(event) as ReservationEvent)).userId;
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

  private execute<Command, Event extends DomainEvent, State>(streamId: string, decider: Decider<Command, Event, State>, command: Command, actorId: string | null) {
    return this.deps.bus.run(streamId, decider, command, { actorId });
  }
}
