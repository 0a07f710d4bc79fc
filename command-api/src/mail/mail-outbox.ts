import {
  invitationLink,
  START_POSITION,
  WrongExpectedVersionError,
  eventIdFor,
  mailStream,
  personName,
  personalGroupName,
  resetPasswordLink,
  verifyEmailLink,
  type EventRegistry,
  type EventStore,
  type EmailVerificationRequested,
  type InvitationCreated,
  type MailSent,
  type NotificationPreferences,
  type PasswordResetRequested,
  type Position,
  type RecordedEvent,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { DatabaseOutage } from '@civitas/service-kit/database';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { CommandBus } from '../lib/command-bus';
import { acquireLeaderLock } from '../lib/leader-lock';
import { emailVerificationMail, invitationMail, passwordResetMail } from './mail-messages';
import type { MailMessage, MailTransport } from './mail-transport';

const OUTBOX = 'mail_outbox';
const OUTBOX_LOCK_KEY = 0x6d61696c; // 'mail'
const RETRY_MS = 2000;
const CHECKPOINT_EVERY_MS = 5000;
const GATHER_MS = 200;
const MAIL_KINDS: Record<string, MailSent['data']['kind']> = {
  InvitationCreated: 'invitation',
  PasswordResetRequested: 'password_reset',
  EmailVerificationRequested: 'email_verification',
};

/** Who a mail goes to: identity answers it (wired in services.ts), from the member's own stream. */
export interface MailRecipients {
  /** Names and address in clear; `email` is null when no mail reaches the member (no address, a placeholder, erased). */
  recipient(userId: string): Promise<{ email: string | null; emailVerified: boolean; firstName: string | null; lastName: string | null }>;
  /**
   * Whether the member holding this address (true when no member does) wants this kind of optional
   * mail (their e-mail notification preferences). Account security mails never ask: they always go.
   */
  wantsOptionalMail(address: string, kind: OptionalMailKind): Promise<boolean>;
}

/** The notification kinds a member may turn off. */
export type OptionalMailKind = Exclude<keyof NotificationPreferences, 'accountSecurity'>;

export interface MailOutboxDependencies {
  connectionString: string;
  /** Its checkpoint (reactor_checkpoints), read and written with raw SQL. */
  db: QueryExecutorProvider;
  store: EventStore;
  registry: EventRegistry;
  bus: CommandBus;
  vault: PersonalDataVault;
  recipients: MailRecipients;
  transport: MailTransport;
  publicBaseUrl: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** Told of connection failures instead of the log: an outage is one line (DatabaseOutage), not one per retry. */
  outage?: Pick<DatabaseOutage, 'noticed'>;
}

/**
 * Sends the mails events call for (invitations, password resets, e-mail verification). It follows the whole store
 * from a checkpoint, one instance at a time (an advisory lock), and records each mail on a
 * `mail-{eventId}` stream after sending: a crash or an SMTP failure means the mail is tried
 * again (never lost), and a mail recorded as sent is never sent again.
 */
export class MailOutbox {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;

  constructor(private readonly deps: MailOutboxDependencies) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    this.deps.transport.close();
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const leadership = new AbortController();
      const lock = await acquireLeaderLock(this.deps.connectionString, OUTBOX_LOCK_KEY, this.abort.signal, () => leadership.abort());
      if (!lock) return;
      try {
        const signal = AbortSignal.any([this.abort.signal, leadership.signal]);
        let savedAt = 0;
        for await (const batch of this.deps.store.subscribeAll(await this.checkpoint(), { signal })) {
          const mails = batch.filter((event) => event.type in MAIL_KINDS);
          for (const event of mails) await this.deliver(event);
          // Most batches hold no mail (votes, opinions): their checkpoint can wait, since a restart
          // that reads them again sends nothing twice (each mail is recorded on its own stream).
          if (mails.length > 0 || Date.now() - savedAt >= CHECKPOINT_EVERY_MS) {
            await this.saveCheckpoint(batch[batch.length - 1]!.position);
            savedAt = Date.now();
          }
          // Mail can wait a moment; reading the store on every vote cannot: let events gather.
          await sleep(GATHER_MS, undefined, { signal });
        }
      } catch (error) {
        if (!this.abort.signal.aborted) {
          // A lost lock (its connection ended) aborts the loop on purpose: it queues for the lock again.
          if (!leadership.signal.aborted && !this.deps.outage?.noticed(error)) this.deps.log.error({ err: error }, 'mail outbox failed; retrying');
          await sleep(RETRY_MS, undefined, { signal: this.abort.signal }).catch(() => undefined);
        }
      } finally {
        await lock.end().catch(() => undefined);
      }
    }
  }

  private async deliver(event: RecordedEvent): Promise<void> {
    const stream = mailStream(event.id);
    if ((await this.deps.store.readStream(stream)).version > 0) return;
    const decoded = this.deps.registry.decode(event);
    const messageId = `<${event.id}@mail.civitas>`;
    const message =
      decoded.type === 'InvitationCreated'
        ? await this.invitation(messageId, decoded.data as InvitationCreated['data'])
        : decoded.type === 'PasswordResetRequested'
          ? await this.passwordReset(messageId, decoded.data as PasswordResetRequested['data'])
          : await this.emailVerification(messageId, decoded.data as EmailVerificationRequested['data']);
    if (!message) return;
    await this.deps.transport.send(message);
    try {
      await this.deps.store.append(
        stream,
        [
          {
            id: eventIdFor(`mail-${event.id}`, 0),
            type: 'MailSent',
            data: { sourceEventId: event.id, kind: MAIL_KINDS[decoded.type]!, transport: this.deps.transport.kind, messageId },
            metadata: { actorId: null, time: this.deps.bus.now().toISOString(), schemaVersion: 1 },
          },
        ],
        'no_stream',
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
  }

  /** Null when there is nothing to send: expired, or the sealed address or link can no longer be read. */
  private async invitation(messageId: string, data: InvitationCreated['data']): Promise<MailMessage | null> {
    if (this.deps.bus.now().toISOString() >= data.expiresAt) return null;
    const [to, token] = await this.deps.vault.revealAll(data.invitationId, [data.emailSealed, data.tokenSealed]);
    if (!to || !token) return null;
    // An invitation mail is optional: a member who turned invitations off is not mailed (the inviter still has the link).
    if (!(await this.deps.recipients.wantsOptionalMail(to, 'invitations'))) return null;
    const named = await this.deps.recipients.recipient(data.invitedBy);
    // Names only: the invitee is not told the inviter's address.
    const inviterName = personName({ firstName: named.firstName, lastName: named.lastName });
    const link = invitationLink(this.deps.publicBaseUrl, data.kind, token);
    return invitationMail({ messageId, to, kind: data.kind, inviterName, groupName: personalGroupName(named.firstName, data.kind), link });
  }

  private async passwordReset(messageId: string, data: PasswordResetRequested['data']): Promise<MailMessage | null> {
    if (!data.tokenSealed || this.deps.bus.now().toISOString() >= data.expiresAt) return null;
    const token = await this.deps.vault.open(data.userId, data.tokenSealed);
    const { email } = await this.deps.recipients.recipient(data.userId);
    if (!token || !email) return null;
    return passwordResetMail({ messageId, to: email, link: resetPasswordLink(this.deps.publicBaseUrl, token) });
  }

  /** Null also once the address is verified (a provider vouched for it meanwhile): the link has nothing left to do. */
  private async emailVerification(messageId: string, data: EmailVerificationRequested['data']): Promise<MailMessage | null> {
    if (this.deps.bus.now().toISOString() >= data.expiresAt) return null;
    const token = await this.deps.vault.open(data.userId, data.tokenSealed);
    const { email, emailVerified } = await this.deps.recipients.recipient(data.userId);
    if (emailVerified || !token || !email) return null;
    return emailVerificationMail({ messageId, to: email, link: verifyEmailLink(this.deps.publicBaseUrl, token) });
  }

  private async checkpoint(): Promise<Position> {
    const row = (await sql<{ position: string }>`select position from reactor_checkpoints where name = ${OUTBOX}`.execute(this.deps.db)).rows[0];
    return row?.position ?? START_POSITION;
  }

  private async saveCheckpoint(position: Position): Promise<void> {
    await sql`insert into reactor_checkpoints (name, position) values (${OUTBOX}, ${position})
      on conflict (name) do update set position = excluded.position where reactor_checkpoints.position < excluded.position`.execute(this.deps.db);
  }
}
