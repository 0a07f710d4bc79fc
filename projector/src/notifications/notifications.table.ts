import type { MailDelivery, MailLanguage, NotificationOutcome, NotificationType } from '@civitas/events';
import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/**
 * Read model `notification_items`: what concerns one member alone (their delegate voted, a mention,
 * a review of what they sent, their subscription). An item that can happen again (a delegate's next
 * vote in the same topic) keeps its id and moves to the latest `occurred_at`, unread again.
 */
export const notificationItemsTable = defineTable(
  'notification_items',
  {
    id: column.text(),
    user_id: column.uuid(),
    type: column.text<NotificationType>(),
    occurred_at: column.timestamptz(),
    /** The event's position: the mailer sends what is past its checkpoint. */
    position: column.text(),
    group_id: column.integer().nullable(),
    topic_id: column.uuid().nullable(),
    actor_id: column.uuid().nullable(),
    outcome: column.text<NotificationOutcome>().nullable(),
    /** A mention's chat message (its text is read from `chat_messages`, so a hidden message stays hidden). */
    subject_id: column.text().nullable(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['user_id', 'occurred_at desc'] }, { columns: ['topic_id'], where: sql`topic_id is not null` }, { columns: ['position'] }],
  },
);

/**
 * Read model `group_notices`: one row per event every member of a group is told of (a new topic or
 * election, an election's result), never one per member: a member's feed joins them through their
 * memberships (docs/decisions.md, Notifications: a new topic in a 100,000-member group is one write).
 */
export const groupNoticesTable = defineTable(
  'group_notices',
  {
    id: column.text(),
    group_id: column.integer(),
    type: column.text<NotificationType>(),
    occurred_at: column.timestamptz(),
    position: column.text(),
    topic_id: column.uuid().nullable(),
    /** Who caused it (the topic's creator is not told of their own topic); the winner of a result. */
    actor_id: column.uuid().nullable(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['group_id', 'occurred_at desc'] }, { columns: ['topic_id'], where: sql`topic_id is not null` }, { columns: ['position'] }],
  },
);

/** Read model `notification_reads`: everything that occurred up to `read_all_at` is read (Mark all as read). */
export const notificationReadsTable = defineTable(
  'notification_reads',
  {
    user_id: column.uuid(),
    read_all_at: column.timestamptz(),
  },
  { primaryKey: ['user_id'] },
);

/** Read model `notification_read_items`: one item read at `read_at`; it is unread again if it occurs later. */
export const notificationReadItemsTable = defineTable(
  'notification_read_items',
  {
    user_id: column.uuid(),
    item_id: column.text(),
    read_at: column.timestamptz(),
  },
  { primaryKey: ['user_id', 'item_id'] },
);

/** Read model `notification_deliveries`: the e-mail delivery a member chose for a type; no row: the default. */
export const notificationDeliveriesTable = defineTable(
  'notification_deliveries',
  {
    user_id: column.uuid(),
    type: column.text<NotificationType>(),
    delivery: column.text<MailDelivery>(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['user_id', 'type'], indexes: [{ columns: ['type', 'delivery'] }] },
);

/** The projection's own lookups (a projection reads no other's tables): active delegations, inviters, reporters. */
export const notificationDelegationsTable = defineTable(
  'notification_delegations',
  {
    group_id: column.integer(),
    delegator_id: column.uuid(),
    delegate_id: column.uuid(),
  },
  { primaryKey: ['group_id', 'delegator_id'], indexes: [{ columns: ['delegate_id', 'group_id'] }] },
);

export const notificationSendersTable = defineTable(
  'notification_senders',
  {
    /** An invitation's or a report's id. */
    subject_id: column.uuid(),
    /** Who sent the invitation or made the report. */
    user_id: column.uuid(),
  },
  { primaryKey: ['subject_id'] },
);

/** Read model `notification_languages`: the language a member's mails are written in; no row: English. */
export const notificationLanguagesTable = defineTable(
  'notification_languages',
  {
    user_id: column.uuid(),
    language: column.text<MailLanguage>(),
  },
  { primaryKey: ['user_id'] },
);

/**
 * Read model `notification_audiences`: who is told of a group's notices, since when. The active
 * members of a group that has members (personal groups, the Alliance), and in open groups (national,
 * religious, international) those who took part: a topic, an opinion, a vote, a ballot, a candidacy,
 * a chat message or a delegation there. A member is told of what happened from then on only.
 */
export const notificationAudiencesTable = defineTable(
  'notification_audiences',
  {
    group_id: column.integer(),
    user_id: column.uuid(),
    since: column.timestamptz(),
  },
  { primaryKey: ['group_id', 'user_id'], indexes: [{ columns: ['user_id'] }] },
);
