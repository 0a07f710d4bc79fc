import { ValidationError, NOTIFICATIONS_BAD_CURSOR, type NotificationOutcome, type NotificationType } from '@civitas/events';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { closingSoonAt, closingSoonFor, closingSoonId, overriddenByOwnVote } from '@civitas/service-kit/notification-rules';
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

const table = (name: string) => sql.id(READ_SCHEMA, name);

export interface FeedRow {
  id: string;
  type: NotificationType;
  occurred_at: Date;
  read: boolean;
  group_id: number | null;
  topic_id: string | null;
  actor_id: string | null;
  outcome: NotificationOutcome | null;
  subject_id: string | null;
}

/**
 * One member's notifications as one set (docs/decisions.md, Notifications): their personal items; the
 * notices of the groups they belong to or took part in (notification_audiences), since then, not of
 * what they did themselves; and the topics of those groups that close within 24 hours where they have neither
 * voted, balloted nor delegated. A delegate's vote no longer concerns a member who voted in that
 * topic themselves (their own vote overrides it). Only what occurred after `after` (everything by
 * default): the unread count starts at Mark all as read, so it does not scan a member's whole history.
 */
export function feedOf(userId: string, now: Date, after: RawBuilder<unknown> = sql`'-infinity'::timestamptz`): RawBuilder<FeedRow> {
  const member = sql.val(userId);
  return sql<FeedRow>`
    select i.id, i.type, i.occurred_at, i.group_id, i.topic_id, i.actor_id, i.outcome, i.subject_id
    from ${table('notification_items')} i
    where i.user_id = ${userId} and i.occurred_at > ${after} and not ${overriddenByOwnVote('i', member)}
    union all
    select n.id, n.type, n.occurred_at, n.group_id, n.topic_id, n.actor_id, null, null
    from ${table('group_notices')} n
    join ${table('notification_audiences')} a on a.group_id = n.group_id and a.user_id = ${userId}
    where n.occurred_at >= a.since and n.occurred_at > ${after} and n.actor_id is distinct from ${userId}
    union all
    select ${closingSoonId('t')}, 'closing_soon', ${closingSoonAt('t')}, t.group_id, t.id, null, null, null
    from ${table('topics')} t
    join ${table('notification_audiences')} a on a.group_id = t.group_id and a.user_id = ${userId}
    where ${closingSoonFor('t', member, now)} and ${closingSoonAt('t')} > ${after}`;
}

/** Until when Mark all as read read everything ('-infinity' before the member ever did). */
const readAllAt = (userId: string) =>
  sql`coalesce((select r.read_all_at from ${table('notification_reads')} r where r.user_id = ${userId}), '-infinity'::timestamptz)`;

/** Whether a feed row (alias `f`) is read: marked read on its own since it last occurred, or by Mark all as read. */
export function readFlag(userId: string): RawBuilder<boolean> {
  return sql<boolean>`(
    f.occurred_at <= ${readAllAt(userId)}
    or exists (select 1 from ${table('notification_read_items')} ri where ri.user_id = ${userId} and ri.item_id = f.id and ri.read_at >= f.occurred_at))`;
}

export interface FeedCursor {
  occurredAt: string;
  id: string;
}

/** `before`: the last item of a page, opaque to clients. */
export const encodeCursor = (row: { occurred_at: Date; id: string }) => Buffer.from(`${row.occurred_at.toISOString()}|${row.id}`).toString('base64url');

export function decodeCursor(before: string): FeedCursor {
  const decoded = Buffer.from(before, 'base64url').toString('utf8');
  const split = decoded.indexOf('|');
  const occurredAt = decoded.slice(0, split);
  if (split < 0 || Number.isNaN(Date.parse(occurredAt)) || decoded.slice(split + 1).length === 0) throw new ValidationError(NOTIFICATIONS_BAD_CURSOR);
  return { occurredAt: new Date(occurredAt).toISOString(), id: decoded.slice(split + 1) };
}

/** A page of the feed, newest first, with each row's read flag, and the unread count of the whole feed. */
export async function readFeed(
  db: QueryExecutorProvider,
  { userId, now, before, limit }: { userId: string; now: Date; before: FeedCursor | null; limit: number },
): Promise<{ rows: FeedRow[]; more: boolean; unreadCount: number }> {
  const after = before ? sql`where (f.occurred_at, f.id) < (${before.occurredAt}::timestamptz, ${before.id})` : sql``;
  const [page, unread] = await Promise.all([
    sql<FeedRow>`select f.*, ${readFlag(userId)} as read from (${feedOf(userId, now)}) f ${after}
      order by f.occurred_at desc, f.id desc limit ${limit + 1}`.execute(db),
    sql<{ count: number }>`select count(*)::int as count from (${feedOf(userId, now, readAllAt(userId))}) f where not ${readFlag(userId)}`.execute(db),
  ]);
  return { rows: page.rows.slice(0, limit), more: page.rows.length > limit, unreadCount: unread.rows[0]!.count };
}
