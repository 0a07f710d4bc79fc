import {
  DEFAULT_MAIL_DELIVERY,
  DELETED_MEMBER,
  NOTIFICATION_TYPES,
  notificationPath,
  personName,
  shownGroupName,
  type Department,
  type MailDelivery,
  type NotificationOutcome,
  type NotificationType,
} from '@civitas/events';
import { READ_SCHEMA } from '@civitas/service-kit/read-models';
import { sql, type RawBuilder } from 'kysely';
import type { MailLine } from './notification-mail-texts';

/*
 * The read models the mailer reads, as the feed reads them (query-api/src/notifications/notification-feed.ts,
 * docs/decisions.md, Notifications: a group's notices reach its `notification_audiences`): the same rows,
 * for many members at once, with the feed's rules from service-kit/src/notification-rules.ts.
 */

export const readModel = (name: string) => sql.id(READ_SCHEMA, name);

/** A mention's words in a mail: enough to recognise the message. */
const EXCERPT_LENGTH = 200;

/** `defaults(type, delivery)`: DEFAULT_MAIL_DELIVERY as a table, so a query takes the default where a member chose nothing. */
export const defaultDeliveries = sql`(values ${sql.join(NOTIFICATION_TYPES.map((type) => sql`(${type}::text, ${DEFAULT_MAIL_DELIVERY[type]}::text)`))}) as defaults(type, delivery)`;

/** A member may be mailed: an address they proved (a provider's placeholder never is), not erased. */
export const mailable = (user: string) =>
  sql`${sql.ref(`${user}.email`)} is not null and ${sql.ref(`${user}.email_verified`)} and ${sql.ref(`${user}.erased_at`)} is null`;

/** One notification of one member, as the feed has it. */
export interface NotificationRow {
  user_id: string;
  id: string;
  type: NotificationType;
  occurred_at: Date;
  group_id: number | null;
  topic_id: string | null;
  actor_id: string | null;
  outcome: NotificationOutcome | null;
  subject_id: string | null;
}

/** A row with what a mail names: the group, the topic, the person, a mention's words. */
export interface DescribedRow extends NotificationRow {
  group_name: string | null;
  department: Department | null;
  owner_first_name: string | null;
  topic_title: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_erased: boolean | null;
  excerpt: string | null;
}

/** The names of `rows` (a subquery of NotificationRow columns, alias `r`), joined in the same statement. */
export const describedColumns = sql`g.name as group_name, g.department,
  case when owner.erased_at is null then owner.first_name else ${DELETED_MEMBER} end as owner_first_name,
  t.title as topic_title, a.first_name as actor_first_name, a.last_name as actor_last_name,
  (a.id is null or a.erased_at is not null) as actor_erased,
  case when h.target_id is null then c.message end as excerpt`;

export const describedJoins = sql`left join ${readModel('groups')} g on g.id = r.group_id
  left join ${readModel('users')} owner on owner.id = g.owner_id
  left join ${readModel('topics')} t on t.id = r.topic_id
  left join ${readModel('users')} a on a.id = r.actor_id
  left join ${readModel('chat_messages')} c on c.id = case when r.type = 'mention' then r.subject_id::uuid end
  left join ${readModel('hidden_content')} h on h.target_type = 'chat_message' and h.target_id = c.id`;

/** A described row as a mail's line: people by personName (never an address), personal groups by their owner's name. */
export function lineOf(row: DescribedRow): MailLine {
  const group =
    row.group_name === null || row.department === null
      ? null
      : shownGroupName({ name: row.group_name, department: row.department, owner_first_name: row.owner_first_name });
  const actor = row.actor_id === null ? null : personName({ firstName: row.actor_first_name, lastName: row.actor_last_name, erased: row.actor_erased ?? true });
  const excerpt = row.excerpt === null ? null : row.excerpt.length > EXCERPT_LENGTH ? `${row.excerpt.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : row.excerpt;
  return {
    type: row.type,
    path: notificationPath({ type: row.type, topicId: row.topic_id, groupId: row.group_id }),
    group,
    topic: row.topic_title,
    actor,
    outcome: row.outcome,
    excerpt,
  };
}

/** Whether the member's delivery for the row's type is `delivery` (`d`: their notification_deliveries row, or none). */
export const deliveryIs = (type: RawBuilder<unknown>, delivery: MailDelivery) =>
  sql`coalesce(d.delivery, (select defaults.delivery from ${defaultDeliveries} where defaults.type = ${type})) = ${delivery}`;
