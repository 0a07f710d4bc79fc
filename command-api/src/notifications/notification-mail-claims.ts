import { sql, type QueryExecutorProvider } from 'kysely';
import type { NotificationMail } from './notification-mail-message';

/** Where the notification mailer sends (the mail feature's transport, passed in by services.ts). */
export interface NotificationMailSender {
  send(message: NotificationMail): Promise<void>;
}

/** Mails in flight at once: enough to keep an SMTP relay busy, few enough to lose little to a crash (a claimed mail is not sent twice). */
export const MAILS_AT_ONCE = 8;
/** The same notification told again (a delegate's next vote in a topic) is mailed again no sooner than this. */
export const REMAIL_AFTER_MS = 60 * 60_000;

/**
 * A refusal that will not change on retrying: the relay refused the recipient or the message
 * (5xx). Anything else (no connection, a timeout, 4xx) is worth trying again.
 */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/**
 * The relay failed in a way worth retrying; the unsent mails were released. It keeps only the
 * failure's codes: a relay's message may quote the recipient's address, which no log line holds.
 */
export class MailRelayUnavailable extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;

  constructor(cause: unknown) {
    super('the mail relay failed; the unsent mails are released for a later try');
    ({ code: this.code, responseCode: this.responseCode } = cause as { code?: string; responseCode?: number });
  }
}

/** The store of a kind of claim: take some, then settle each. */
export interface Claims<Key> {
  /** The keys this caller now holds (others are sent, being sent, or too recent to send again). */
  claim(keys: Key[]): Promise<Key[]>;
  sent(keys: Key[]): Promise<void>;
  failed(keys: Key[]): Promise<void>;
  release(keys: Key[]): Promise<void>;
}

/**
 * Mails claimed in one statement and recorded in one: few enough that a crash loses little (those
 * claimed and not yet sent stay in the feed), many enough that a digest of 100,000 members is not
 * 25,000 round trips to the database.
 */
export const MAILS_PER_CLAIM = 64;

/**
 * Sends each mail whose claim this caller takes, `MAILS_AT_ONCE` in flight at any moment (a new one
 * starts as soon as one is answered): claimed just before, in groups of MAILS_PER_CLAIM, so a crash
 * loses at most a group's unsent mails and never sends one twice. A permanent refusal is kept as
 * failed (never retried); a passing failure releases the mails not sent and throws
 * MailRelayUnavailable once the group is settled. Returns how many were sent.
 */
export async function sendClaimed<Key>(
  mails: Array<{ key: Key; mail: () => NotificationMail }>,
  claims: Claims<Key>,
  sender: NotificationMailSender,
): Promise<number> {
  let sent = 0;
  for (let start = 0; start < mails.length; start += MAILS_PER_CLAIM) {
    const group = mails.slice(start, start + MAILS_PER_CLAIM);
    const held = new Set(await claims.claim(group.map((entry) => entry.key)));
    const mine = group.filter((entry) => held.has(entry.key));
    const outcome = { sent: [] as Key[], failed: [] as Key[], retry: [] as Key[] };
    let passing: unknown = null;
    let next = 0;
    const worker = async () => {
      while (next < mine.length) {
        const entry = mine[next++]!;
        // After a passing failure the relay is likely down: the rest wait for the next try.
        if (passing !== null) {
          outcome.retry.push(entry.key);
          continue;
        }
        try {
          await sender.send(entry.mail());
          outcome.sent.push(entry.key);
        } catch (error) {
          if (isPermanent(error)) outcome.failed.push(entry.key);
          else {
            outcome.retry.push(entry.key);
            passing ??= error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAILS_AT_ONCE, mine.length) }, worker));
    await Promise.all([claims.sent(outcome.sent), claims.failed(outcome.failed), claims.release(outcome.retry)]);
    sent += outcome.sent.length;
    if (passing !== null) throw new MailRelayUnavailable(passing);
  }
  return sent;
}

export interface ImmediateKey {
  mailKey: string;
  userId: string;
  /** The occurrence told of: the same notification at a later position may be mailed again. */
  position: string;
}

/**
 * Claims of immediate mails (`notification_mails`). A key is claimed once per occurrence: a later
 * occurrence of the same notification takes it over only after REMAIL_AFTER_MS.
 */
export function immediateClaims(db: QueryExecutorProvider, now: () => Date): Claims<ImmediateKey> {
  const keysOf = (keys: ImmediateKey[]) => keys.map((key) => key.mailKey);
  return {
    async claim(keys) {
      if (keys.length === 0) return [];
      const at = now();
      const { rows } = await sql<{ mail_key: string }>`
        insert into notification_mails as m (mail_key, user_id, position, claimed_at)
        select claimed.mail_key, claimed.user_id, claimed.position, ${at}::timestamptz
        from unnest(${keysOf(keys)}::text[], ${keys.map((key) => key.userId)}::uuid[], ${keys.map((key) => key.position)}::text[]) as claimed(mail_key, user_id, position)
        on conflict (mail_key) do update set position = excluded.position, claimed_at = excluded.claimed_at, sent_at = null, failed = false
          where m.position < excluded.position and m.claimed_at < ${new Date(at.getTime() - REMAIL_AFTER_MS)}
        returning mail_key`.execute(db);
      const taken = new Set(rows.map((row) => row.mail_key));
      return keys.filter((key) => taken.has(key.mailKey));
    },
    async sent(keys) {
      if (keys.length > 0) await sql`update notification_mails set sent_at = ${now()} where mail_key = any(${keysOf(keys)}::text[])`.execute(db);
    },
    async failed(keys) {
      if (keys.length > 0) await sql`update notification_mails set failed = true where mail_key = any(${keysOf(keys)}::text[])`.execute(db);
    },
    async release(keys) {
      if (keys.length > 0) await sql`delete from notification_mails where mail_key = any(${keysOf(keys)}::text[]) and sent_at is null`.execute(db);
    },
  };
}

/**
 * Claims of one window's digests (`notification_digests`), one per member. Once a member's digest
 * is sent, their claims of earlier windows go: the newest sent one says where their next starts.
 */
export function digestClaims(db: QueryExecutorProvider, period: string, windowEnd: Date, now: () => Date): Claims<string> {
  return {
    async claim(userIds) {
      if (userIds.length === 0) return [];
      const { rows } = await sql<{ user_id: string }>`
        insert into notification_digests (user_id, period, window_end, claimed_at)
        select user_id, ${period}, ${windowEnd}, ${now()} from unnest(${userIds}::uuid[]) as claimed(user_id)
        on conflict do nothing
        returning user_id`.execute(db);
      const taken = new Set(rows.map((row) => row.user_id));
      return userIds.filter((userId) => taken.has(userId));
    },
    async sent(userIds) {
      if (userIds.length === 0) return;
      // One round trip: recorded as sent, and the same members' claims of earlier windows gone.
      await sql`with sent as (
          update notification_digests set sent_at = ${now()} where user_id = any(${userIds}::uuid[]) and period = ${period} and window_end = ${windowEnd}
          returning user_id)
        delete from notification_digests where user_id in (select user_id from sent) and period = ${period} and window_end < ${windowEnd}`.execute(db);
    },
    async failed(userIds) {
      if (userIds.length === 0) return;
      await sql`update notification_digests set failed = true where user_id = any(${userIds}::uuid[]) and period = ${period} and window_end = ${windowEnd}`.execute(
        db,
      );
    },
    async release(userIds) {
      if (userIds.length === 0) return;
      await sql`delete from notification_digests where user_id = any(${userIds}::uuid[]) and period = ${period} and window_end = ${windowEnd} and sent_at is null`.execute(
        db,
      );
    },
  };
}
