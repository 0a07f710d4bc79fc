import { sql, type QueryExecutorProvider } from 'kysely';
import { digestMembers, digestRows, type DigestMember, type DigestRow } from './digest-contents';
import { PERIODS, digestWindowEnd } from './digest-window';
import { digestClaims, sendClaimed, type NotificationMailSender } from './notification-mail-claims';
import { digestMail, type MailAddressing } from './notification-mail-message';
import { lineOf } from './notification-mail-rows';
import type { DigestPeriod } from './notification-mail-texts';

/** Members read at once: one statement finds their digests' rows; only one page is held in memory. */
export const DIGEST_PAGE = 300;
const NO_MEMBER = '00000000-0000-0000-0000-000000000000';

export interface DigestJobDependencies {
  /** The platform's pool: the digests' own tables, and the read models by their schema. */
  db: QueryExecutorProvider;
  sender: NotificationMailSender;
  addressing: MailAddressing;
  /** The hour (UTC) windows end at (NOTIFICATION_DIGEST_HOUR). */
  hourUtc: number;
  /** The clock the claims are stamped with (the run's `now` decides the window). */
  now: () => Date;
}

export interface DigestRun {
  period: DigestPeriod;
  windowEnd: Date;
  /** Members read (everyone mailable not yet claimed for the window). */
  members: number;
  sent: number;
  /** The window's run was already complete: nothing was read. */
  alreadyDone: boolean;
}

/**
 * The daily and weekly digests (docs/decisions.md, Notification mail): one mail per member with
 * everything of the types they get by that period since their last digest of it, none when there is
 * nothing. Members are read in keyset pages of DIGEST_PAGE with one statement for their rows, so
 * memory stays bounded whatever the number of members, and each digest is claimed (member, period,
 * window) before it is sent: two instances running at once send each digest once between them.
 */
export class DigestJob {
  constructor(private readonly deps: DigestJobDependencies) {}

  async runDigests(period: DigestPeriod, now: Date, signal?: AbortSignal): Promise<DigestRun> {
    const windowEnd = digestWindowEnd(period, now, this.deps.hourUtc);
    const run = await this.openRun(period, windowEnd);
    const result: DigestRun = { period, windowEnd, members: 0, sent: 0, alreadyDone: run.completed };
    if (run.completed) return result;
    const claims = digestClaims(this.deps.db, period, windowEnd, this.deps.now);
    const pageAfter = async (after: string): Promise<{ members: DigestMember[]; byMember: Map<string, DigestRow[]> } | null> => {
      const members = await digestMembers(this.deps.db, { period, windowEnd, runSince: run.since, after, size: DIGEST_PAGE });
      if (members.length === 0) return null;
      const byMember = new Map<string, DigestRow[]>();
      for (const row of await digestRows(this.deps.db, { members, period, windowEnd, now })) {
        const own = byMember.get(row.user_id);
        if (own) own.push(row);
        else byMember.set(row.user_id, [row]);
      }
      return { members, byMember };
    };
    let page = await pageAfter(NO_MEMBER);
    while (page && !signal?.aborted) {
      const { members, byMember } = page;
      // The next page is read while this one is sent: the database and the relay work at once.
      const next = pageAfter(members.at(-1)!.userId);
      next.catch(() => undefined);
      result.members += members.length;
      result.sent += await sendClaimed(
        members
          .filter((member) => byMember.has(member.userId))
          .map((member) => ({
            key: member.userId,
            mail: () => this.mail(member, period, windowEnd, byMember.get(member.userId)!),
          })),
        claims,
        this.deps.sender,
      );
      page = await next;
    }
    if (page === null) {
      await sql`update notification_digest_runs set completed_at = ${this.deps.now()}
        where period = ${period} and window_end = ${windowEnd} and completed_at is null`.execute(this.deps.db);
    }
    return result;
  }

  private mail(member: { userId: string; email: string; language: 'en' | 'ar' }, period: DigestPeriod, windowEnd: Date, rows: DigestRow[]) {
    return digestMail({
      messageId: `<digest.${period}.${windowEnd.toISOString()}.${member.userId}@notifications.civitas>`,
      recipient: member,
      period,
      lines: rows.map(lineOf),
      total: rows[0]!.total,
      addressing: this.deps.addressing,
    });
  }

  /**
   * The window's run, made by whichever instance comes first: it starts where the last completed
   * run of the period ended (a missed day is caught up), at most PERIODS.catchUpMs back.
   */
  private async openRun(period: DigestPeriod, windowEnd: Date): Promise<{ since: Date; completed: boolean }> {
    const { lengthMs, catchUpMs } = PERIODS[period];
    await sql`insert into notification_digest_runs (period, window_end, since)
      values (${period}, ${windowEnd}, greatest(${new Date(windowEnd.getTime() - catchUpMs)}::timestamptz, coalesce(
        (select max(window_end) from notification_digest_runs where period = ${period} and window_end < ${windowEnd} and completed_at is not null),
        ${new Date(windowEnd.getTime() - lengthMs)}::timestamptz)))
      on conflict do nothing`.execute(this.deps.db);
    const row = (
      await sql<{ since: Date; completed_at: Date | null }>`select since, completed_at from notification_digest_runs
        where period = ${period} and window_end = ${windowEnd}`.execute(this.deps.db)
    ).rows[0]!;
    return { since: row.since, completed: row.completed_at !== null };
  }
}
