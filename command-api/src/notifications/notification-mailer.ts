import { DEFAULT_MAIL_DELIVERY, type MailLanguage, type Position } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import { immediateClaims, sendClaimed, type ImmediateKey, type NotificationMailSender } from './notification-mail-claims';
import { immediateMail, type MailAddressing, type Recipient } from './notification-mail-message';
import { overriddenByOwnVote } from '@civitas/service-kit/notification-rules';
import { deliveryIs, describedColumns, describedJoins, lineOf, mailable, readModel, type DescribedRow } from './notification-mail-rows';

/** Rows read at once: a page of items, or of one notice's recipients. */
const ITEMS_PAGE = 200;
const NOTICES_PAGE = 20;
const RECIPIENTS_PAGE = 500;
/** Claims older than this are no longer needed: the cursors are past them, and a later occurrence may be mailed anyway. */
const CLAIMS_KEPT_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface ImmediateMailsDependencies {
  /** The platform's pool: the mailer's own tables, and the read models by their schema. */
  db: QueryExecutorProvider;
  /** Where the cursors start on the very first run: what happened before is history, not news. */
  headPosition(): Promise<Position>;
  sender: NotificationMailSender;
  addressing: MailAddressing;
  now: () => Date;
}

interface Cursor {
  position: string;
  id: string;
}

type ItemRow = DescribedRow & { position: string; due: boolean; email: string | null; language: MailLanguage };
type NoticeRow = DescribedRow & { position: string };

/**
 * Mails each notification whose member wants it 'immediately', once (docs/decisions.md, Notification
 * mail). It reads the notifications read models past its cursors, by (position, id): personal items
 * one page at a time, and each group notice's recipients through the members who chose
 * 'immediately' for its type (never every member of the group). Each mail is claimed before it is
 * sent (notification_mails), so a restart, a lagging cursor or a second instance never sends it again.
 */
export class ImmediateMails {
  private prunedAt = 0;

  constructor(private readonly deps: ImmediateMailsDependencies) {}

  /** Sends what is due, page after page, until nothing is left or `signal` aborts; returns how many mails went. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    let sent = 0;
    while (!signal?.aborted) {
      const [items, notices] = [await this.itemsPage(), await this.noticesPage()];
      if (items === null && notices === null) break;
      sent += (items ?? 0) + (notices ?? 0);
    }
    await this.prune();
    return sent;
  }

  /** One page of personal items: how many mails went, or null when none was left to read. */
  private async itemsPage(): Promise<number | null> {
    const cursor = await this.cursor('items');
    const { rows } = await sql<ItemRow>`
      select r.*, ${describedColumns}, u.email, coalesce(l.language, 'en') as language,
        coalesce(${deliveryIs(sql.ref('r.type'), 'immediately')} and ${mailable('u')} and not ${overriddenByOwnVote('r', sql.ref('r.user_id'))}, false) as due
      from (select i.user_id, i.id, i.type, i.occurred_at, i.position, i.group_id, i.topic_id, i.actor_id, i.outcome, i.subject_id
        from ${readModel('notification_items')} i where (i.position, i.id) > (${cursor.position}, ${cursor.id})
        order by i.position, i.id limit ${ITEMS_PAGE}) r
      left join ${readModel('notification_deliveries')} d on d.user_id = r.user_id and d.type = r.type
      left join ${readModel('users')} u on u.id = r.user_id
      left join ${readModel('notification_languages')} l on l.user_id = r.user_id
      ${describedJoins}
      order by r.position, r.id`.execute(this.deps.db);
    if (rows.length === 0) return null;
    const due = rows.filter((row) => row.due);
    const sent = await this.send(
      due.map((row) => ({
        key: { mailKey: `item:${row.id}`, userId: row.user_id, position: row.position },
        recipient: { userId: row.user_id, email: row.email!, language: row.language },
        row,
      })),
    );
    const last = rows.at(-1)!;
    await this.saveCursor('items', { position: last.position, id: last.id });
    return sent;
  }

  /** The recipients of a few group notices, each notice whole: how many mails went, or null when none was left. */
  private async noticesPage(): Promise<number | null> {
    const cursor = await this.cursor('notices');
    const { rows } = await sql<NoticeRow>`
      select r.*, ${describedColumns}
      from (select null::uuid as user_id, n.id, n.type, n.occurred_at, n.position, n.group_id, n.topic_id, n.actor_id,
          null::text as outcome, null::text as subject_id
        from ${readModel('group_notices')} n where (n.position, n.id) > (${cursor.position}, ${cursor.id})
        order by n.position, n.id limit ${NOTICES_PAGE}) r
      ${describedJoins}
      order by r.position, r.id`.execute(this.deps.db);
    if (rows.length === 0) return null;
    let sent = 0;
    for (const notice of rows) {
      for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
        const recipients = await this.noticeRecipients(notice, after);
        if (recipients.length === 0) break;
        sent += await this.send(
          recipients.map((recipient) => ({
            key: { mailKey: `notice:${notice.id}:${recipient.userId}`, userId: recipient.userId, position: notice.position },
            recipient,
            row: { ...notice, user_id: recipient.userId },
          })),
        );
        after = recipients.at(-1)!.userId;
      }
      // A notice is done once all of it is: a crash in the middle starts it again, and its claims skip who was mailed.
      await this.saveCursor('notices', { position: notice.position, id: notice.id });
    }
    return sent;
  }

  /**
   * The members to mail of one notice, after `after`: its group's audience since before it (members,
   * or who took part in an open group), not who caused it, whose delivery of its type is
   * 'immediately'. Where that is not the type's default, only the members who chose it are read
   * (notification_deliveries by type and delivery), never the whole group.
   */
  private async noticeRecipients(notice: NoticeRow, after: string): Promise<Recipient[]> {
    const member = sql`m.group_id = ${notice.group_id} and m.since <= ${notice.occurred_at}`;
    const person = sql`join ${readModel('users')} u on u.id = m.user_id
      left join ${readModel('notification_languages')} l on l.user_id = m.user_id`;
    const chosen =
      DEFAULT_MAIL_DELIVERY[notice.type] === 'immediately'
        ? sql`from ${readModel('notification_audiences')} m
            left join ${readModel('notification_deliveries')} d on d.user_id = m.user_id and d.type = ${notice.type}
            ${person}
            where ${member} and coalesce(d.delivery, 'immediately') = 'immediately'`
        : sql`from ${readModel('notification_deliveries')} d
            join ${readModel('notification_audiences')} m on m.user_id = d.user_id and ${member}
            ${person}
            where d.type = ${notice.type} and d.delivery = 'immediately'`;
    const { rows } = await sql<{ user_id: string; email: string; language: MailLanguage }>`
      select m.user_id, u.email, coalesce(l.language, 'en') as language
      ${chosen}
        and m.user_id > ${after} and m.user_id is distinct from ${notice.actor_id}
        and ${mailable('u')}
      order by m.user_id limit ${RECIPIENTS_PAGE}`.execute(this.deps.db);
    return rows.map((row) => ({ userId: row.user_id, email: row.email, language: row.language }));
  }

  private send(entries: Array<{ key: ImmediateKey; recipient: Recipient; row: DescribedRow }>): Promise<number> {
    const { db, sender, addressing, now } = this.deps;
    return sendClaimed(
      entries.map(({ key, recipient, row }) => ({
        key,
        // Fixed per occurrence, so a mail system can tell a rare repeat from a new mail.
        mail: () => immediateMail({ messageId: `<${key.mailKey}.${key.position}@notifications.civitas>`, recipient, line: lineOf(row), addressing }),
      })),
      immediateClaims(db, now),
      sender,
    );
  }

  /** Where a cursor stands; on the very first run, at the store's head. */
  private async cursor(name: string): Promise<Cursor> {
    const { db } = this.deps;
    const read = async () => (await sql<Cursor>`select position, id from notification_mail_cursors where name = ${name}`.execute(db)).rows[0];
    const found = await read();
    if (found) return found;
    await sql`insert into notification_mail_cursors (name, position, id) values (${name}, ${await this.deps.headPosition()}, '')
      on conflict (name) do nothing`.execute(db);
    return (await read())!;
  }

  /** Only forward: an instance that lost its lead mid-page cannot move a cursor back. */
  private async saveCursor(name: string, cursor: Cursor): Promise<void> {
    await sql`update notification_mail_cursors set position = ${cursor.position}, id = ${cursor.id}
      where name = ${name} and (position, id) < (${cursor.position}, ${cursor.id})`.execute(this.deps.db);
  }

  private async prune(): Promise<void> {
    const at = this.deps.now().getTime();
    if (at - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = at;
    await sql`delete from notification_mails where claimed_at < ${new Date(at - CLAIMS_KEPT_MS)}`.execute(this.deps.db);
  }
}
