import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  emailStream,
  externalIdentityStream,
  fold,
  handleCommand,
  normalizeEmail,
  passwordResetStream,
  userStream,
  type CommandContext,
  type EventRegistry,
  type EventStore,
  type Position,
  type ReservationEvent,
  type UserEvent,
} from '@civitas/events';
import { randomToken, sha256 } from '@civitas/service-kit/tokens';
import { hashPassword, verifyPassword } from './password-hashing';
import { passwordResetDecider } from './password-reset.decider';
import { reservationDecider } from './reservation.decider';
import { userDecider, type RegisterUser, type UserState } from './user.decider';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** A reservation whose account never appeared after this long was left by a crashed sign-up. */
const ABANDONED_RESERVATION_MS = 60_000;

export interface IdentityDependencies {
  store: EventStore;
  registry: EventRegistry;
  adminEmails: readonly string[];
  now: () => Date;
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
    const identityKey = externalIdentityStream(sha256(`${profile.issuer}\n${profile.subject}`));
    const holder = await this.holderOf(identityKey);
    if (holder && (await this.loadAccount(holder))) return { userId: holder, created: false, position: null };

    const email = profile.email ? normalizeEmail(profile.email) : null;
    const existing = email ? await this.findAccountByEmail(email) : null;
    if (existing) {
      if (!profile.emailVerified) throw new ConflictError('An account with this email already exists. Sign in with your password.');
      await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId: existing.userId }, existing.userId);
      const linked = await this.execute(userStream(existing.userId), userDecider, { type: 'linkExternalIdentity', issuer: profile.issuer, subject: profile.subject }, existing.userId);
      return { userId: existing.userId, created: false, position: linked.position };
    }

    const userId = randomUUID();
    await this.execute(identityKey, reservationDecider, { type: 'reserve', kind: 'externalIdentity', userId }, userId);
    // A provider without an e-mail still gets an account; its address is unique per identity.
    const accountEmail = email ?? `${sha256(`${profile.issuer}\n${profile.subject}`).slice(0, 24)}@users.noreply.civitas`;
    await this.reserveEmail(accountEmail, userId);
    const created = await this.createUser({
      userId,
      email: accountEmail,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
      passwordHash: null,
      externalIdentity: { issuer: profile.issuer, subject: profile.subject },
    }, userId);
    return { userId, created: true, position: created.position };
  }

  /** Always returns a token, so the answer looks the same whether or not the account exists. */
  async requestPasswordReset(email: string): Promise<string> {
    const token = randomToken();
    const account = await this.findAccountByEmail(normalizeEmail(email));
    if (account) {
      const expiresAt = new Date(this.deps.now().getTime() + RESET_TOKEN_TTL_MS).toISOString();
      await this.execute(passwordResetStream(sha256(token)), passwordResetDecider, { type: 'requestReset', userId: account.userId, expiresAt }, null);
    }
    return token;
  }

  /** Uses the reset link once and sets the new password; returns the account's id. */
  async resetPassword(token: string, password: string): Promise<{ userId: string; position: Position | null }> {
    const passwordHash = await hashPassword(password);
    const completed = await this.execute(passwordResetStream(sha256(token)), passwordResetDecider, { type: 'completeReset', now: this.deps.now().toISOString() }, null);
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
    const holder = await this.holderOf(emailStream(sha256(email)));
    return holder ? this.loadAccount(holder) : null;
  }

  async loadAccount(userId: string): Promise<Account | null> {
    const stream = await this.deps.store.readStream(userStream(userId));
    if (stream.version === 0) return null;
    const state = fold(userDecider, stream.events.map((event) => this.deps.registry.decode(event) as UserEvent));
    return { userId, state };
  }

  private async createUser(registration: RegisterUser['registration'], actorId: string | null) {
    const roles = this.deps.adminEmails.includes(registration.email) ? (['admin'] as const) : [];
    const result = await this.execute(userStream(registration.userId), userDecider, { type: 'registerUser', registration, roles: [...roles] }, actorId ?? registration.userId);
    return { account: { userId: registration.userId, state: result.state }, position: result.position };
  }

  private async reserveEmail(email: string, userId: string): Promise<void> {
    const stream = emailStream(sha256(email));
    try {
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId }, userId);
    } catch (error) {
      if (!(error instanceof ConflictError) || !(await this.reservationAbandoned(stream))) throw error;
      await this.execute(stream, reservationDecider, { type: 'reserve', kind: 'email', userId, holderAbandoned: true }, userId);
    }
  }

  private async reservationAbandoned(stream: string): Promise<boolean> {
    const read = await this.deps.store.readStream(stream);
    const last = read.events.at(-1);
    const holder = fold(reservationDecider, read.events.map((event) => this.deps.registry.decode(event) as ReservationEvent)).userId;
    if (!last || !holder || (await this.loadAccount(holder))) return false;
    return this.deps.now().getTime() - last.recordedAt.getTime() > ABANDONED_RESERVATION_MS;
  }

  private async holderOf(stream: string): Promise<string | null> {
    const read = await this.deps.store.readStream(stream);
    return fold(reservationDecider, read.events.map((event) => this.deps.registry.decode(event) as ReservationEvent)).userId;
  }

  private execute<Command, Event extends { type: string; data: unknown }, State>(
    streamId: string,
    decider: Parameters<typeof handleCommand<Command, Event, State>>[3],
    command: Command,
    actorId: string | null,
  ) {
    const context: CommandContext = { commandId: randomUUID(), actorId, time: this.deps.now().toISOString() };
    return handleCommand(this.deps.store, this.deps.registry, streamId, decider, command, context);
  }
}
