import { LAST_ADMIN_ERASE, userStream, type CommandResult, type Decider, type DomainEvent, type NotificationPreferences, type Position } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';
import type { Kysely } from 'kysely';
import type { CommandBus, CommandOptions } from '../lib/command-bus';
import { accountDecider } from './account.decider';

/** Identity's part of an erasure (IdentityService): proving it is the member, and their address. */
export interface AccountCredentials {
  /** The password, or for an account without one a sign-in since `signedInAt` recent enough; throws otherwise. */
  reauthenticate(userId: string, password: string | undefined, signedInAt: string): Promise<'password' | 'fresh_sign_in'>;
  /** The address is free to register again (it needs the member's key: call before shredding it). */
  releaseEmail(userId: string): Promise<void>;
}

/** Verification's part (VerificationService): the national ids the member's claims hold (it needs the key too). */
export interface NationalIdReleases {
  releaseAllNationalIds(userId: string): Promise<void>;
}

/** What is kept about the member outside the events (profile images, verification documents). */
export interface StoredFiles {
  deleteAllOf(subjectId: string): Promise<void>;
}

/**
 * Moderation's part (AdminRoster): an erasure takes an admin's role with it, so it runs where every
 * removal of an active admin runs and is refused (409 `refusal`) for the last one (docs/decisions.md, The last admin).
 */
export interface AdminSafeguard {
  run<Command, Event extends DomainEvent, State>(
    userId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    options: CommandOptions & { refusal: string; beforeAppend?: () => Promise<void> },
  ): Promise<CommandResult<Event, State>>;
}

export interface AccountServiceDependencies {
  bus: CommandBus;
  admins: AdminSafeguard;
  vault: PersonalDataVault;
  readModels: Kysely<ReadModels>;
  credentials: AccountCredentials;
  nationalIds: NationalIdReleases;
  storedFiles: readonly StoredFiles[];
}

/** The member's own settings (e-mail notifications) and the erasure of their account. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDependencies) {}

  async changeNotificationPreferences(
    userId: string,
    preferences: NotificationPreferences,
  ): Promise<{ position: Position | null; preferences: NotificationPreferences }> {
    const result = await this.deps.bus.run(userStream(userId), accountDecider, { type: 'changeNotificationPreferences', preferences }, { actorId: userId });
    return { position: result.position, preferences: result.state.preferences };
  }

  /** What the member chose, from their stream (the mail outbox asks before an optional mail). */
  async notificationPreferences(userId: string): Promise<NotificationPreferences> {
    return (await this.deps.bus.load(userStream(userId), accountDecider)).state.preferences;
  }

  /** Whether the account was erased (the notification settings record nothing for it). */
  async isErased(userId: string): Promise<boolean> {
    return (await this.deps.bus.load(userStream(userId), accountDecider)).state.erased;
  }

  /**
   * Erases the account by shredding its key: names, e-mail, national ids, documents and pictures
   * become unreadable everywhere, while what the member did stays counted under 'Deleted member'.
   * Everything that needs the key to be named (the address's and national ids' reservations, the
   * invitations sent to the address) is released first; then the key goes, and only then is
   * AccountErased appended, so no reader ever sees an erased account whose data still opens.
   * A crash half-way leaves the account to be erased again by the same call. The last active admin
   * is refused before anything is released.
   */
  async erase(userId: string, proof: { password: string | undefined; signedInAt: string }): Promise<{ position: Position | null }> {
    const via = await this.deps.credentials.reauthenticate(userId, proof.password, proof.signedInAt);
    const release = async () => {
      const invitations = await this.invitationsToTheMember(userId);
      await this.deps.credentials.releaseEmail(userId);
      await this.deps.nationalIds.releaseAllNationalIds(userId);
      for (const invitationId of invitations) await this.deps.vault.erase(invitationId);
      await this.deps.vault.erase(userId);
    };
    const result = await this.deps.admins.run(
      userId,
      accountDecider,
      { type: 'eraseAccount', erasedBy: userId, via },
      { actorId: userId, refusal: LAST_ADMIN_ERASE, beforeAppend: release },
    );
    for (const files of this.deps.storedFiles) await files.deleteAllOf(userId);
    return { position: result.position };
  }

  /**
   * Invitations whose sealed address is the member's: the ones they accepted and any still sent to
   * their address. A list only the read models hold (invitations are keyed by their own id), read
   * once they have passed everything committed, so an invitation sent a moment ago is shredded too
   * (docs/architecture.md, Where the command side reads read models).
   */
  private async invitationsToTheMember(userId: string): Promise<string[]> {
    const { readModels, bus } = this.deps;
    await Promise.all(['invitations', 'users'].map((projection) => projectionCaughtUp(bus.store, readModels, projection)));
    const rows = await readModels
      .selectFrom('invitations')
      .select('id')
      .where((eb) => eb.or([eb('accepted_by', '=', userId), eb('email', '=', eb.selectFrom('users').select('email').where('id', '=', userId))]))
      .execute();
    return rows.map((row) => row.id);
  }
}
