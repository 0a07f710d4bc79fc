import { DEFAULT_MAIL_DELIVERY, type MailLanguage } from '@civitas/events';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { DigestPeriod } from './notification-mail-texts';
import { closingSoonAt, closingSoonFor, closingSoonId, overriddenByOwnVote } from '@civitas/service-kit/notification-rules';
import { deliveryIs, describedColumns, describedJoins, mailable, readModel, type DescribedRow } from './notification-mail-rows';

/** Lines one digest lists at most; the rest are counted ("…and 12 more"). */
export const DIGEST_LINES = 30;

export interface DigestMember {
  userId: string;
  email: string;
  language: MailLanguage;
  /** Where this member's window starts: the end of their last digest of the period, or the run's own start. */
  since: Date;
}

/**
 * A page of members who may get this window's digest, after `after` by id: every mailable member (a
 * claim, not this read, tells who already has it: the claims table grows during a run, and a
 * planner that last saw it empty would scan it for every page). Each one's window starts at their
 * last digest of the period when that is later than the run's start (a member the last run missed
 * gets its window too).
 */
export async function digestMembers(
  db: QueryExecutorProvider,
  page: { period: DigestPeriod; windowEnd: Date; runSince: Date; after: string; size: number },
): Promise<DigestMember[]> {
  const { rows } = await sql<{ user_id: string; email: string; language: MailLanguage; since: Date }>`
    select u.id as user_id, u.email, coalesce(l.language, 'en') as language,
      greatest(${page.runSince}::timestamptz, (select max(past.window_end) from notification_digests past
        where past.user_id = u.id and past.period = ${page.period} and past.sent_at is not null and past.window_end < ${page.windowEnd})) as since
    from ${readModel('users')} u
    left join ${readModel('notification_languages')} l on l.user_id = u.id
    where u.id > ${page.after} and ${mailable('u')}
    order by u.id limit ${page.size}`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, email: row.email, language: row.language, since: row.since }));
}

export type DigestRow = DescribedRow & { total: number };

/**
 * Everything each member of the page is told in this window by this period, in one statement (the
 * feed's rows, docs/decisions.md, Notifications): their items and their groups' notices of a type
 * whose delivery is this period, after their window's start (and after they chose that delivery), up to
 * its end; and, at `now`, the topics of their groups closing within 24 hours where they have neither
 * voted nor delegated. At most DIGEST_LINES rows a member, newest first, each with the member's total.
 */
export async function digestRows(
  db: QueryExecutorProvider,
  { members, period, windowEnd, now }: { members: DigestMember[]; period: DigestPeriod; windowEnd: Date; now: Date },
): Promise<DigestRow[]> {
  if (members.length === 0) return [];
  // A reminder is worked out when a digest is made, never mailed on its own: 'immediately' brings it daily.
  const closingAtOnce = period === 'daily' ? 'immediately' : period;
  const chosenSince = (occurredAt: string) => sql`(d.updated_at is null or ${sql.ref(occurredAt)} > d.updated_at)`;
  const { rows } = await sql<DigestRow>`
    with page as (
      select * from unnest(${members.map((member) => member.userId)}::uuid[], ${members.map((member) => member.since)}::timestamptz[]) as page(user_id, since)
    ), found as (
      select p.user_id, i.id, i.type, i.occurred_at, i.group_id, i.topic_id, i.actor_id, i.outcome, i.subject_id
      from page p
      join ${readModel('notification_items')} i on i.user_id = p.user_id and i.occurred_at > p.since and i.occurred_at <= ${windowEnd}
      left join ${readModel('notification_deliveries')} d on d.user_id = p.user_id and d.type = i.type
      where ${deliveryIs(sql.ref('i.type'), period)} and ${chosenSince('i.occurred_at')} and not ${overriddenByOwnVote('i', sql.ref('p.user_id'))}
      union all
      select p.user_id, n.id, n.type, n.occurred_at, n.group_id, n.topic_id, n.actor_id, null, null
      from page p
      join ${readModel('notification_audiences')} a on a.user_id = p.user_id
      join ${readModel('group_notices')} n on n.group_id = a.group_id and n.occurred_at >= a.since
        and n.occurred_at > p.since and n.occurred_at <= ${windowEnd}
      left join ${readModel('notification_deliveries')} d on d.user_id = p.user_id and d.type = n.type
      where ${deliveryIs(sql.ref('n.type'), period)} and ${chosenSince('n.occurred_at')} and n.actor_id is distinct from p.user_id
      union all
      select p.user_id, ${closingSoonId('t')}, 'closing_soon', ${closingSoonAt('t')}, t.group_id, t.id, null, null, null
      from page p
      join ${readModel('notification_audiences')} a on a.user_id = p.user_id
      join ${readModel('topics')} t on t.group_id = a.group_id
      left join ${readModel('notification_deliveries')} d on d.user_id = p.user_id and d.type = 'closing_soon'
      where coalesce(d.delivery, ${DEFAULT_MAIL_DELIVERY.closing_soon}) in (${period}, ${closingAtOnce})
        and ${closingSoonFor('t', sql.ref('p.user_id'), now)}
    ), ranked as (
      select f.*, row_number() over (partition by f.user_id order by f.occurred_at desc, f.id desc) as rank,
        (count(*) over (partition by f.user_id))::int as total
      from found f
    )
    select r.user_id, r.id, r.type, r.occurred_at, r.group_id, r.topic_id, r.actor_id, r.outcome, r.subject_id, r.total, ${describedColumns}
    from ranked r
    ${describedJoins}
    where r.rank <= ${DIGEST_LINES}
    order by r.user_id, r.occurred_at, r.id`.execute(db);
  return rows;
}
