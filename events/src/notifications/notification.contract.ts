import { z } from 'zod';

/**
 * What a member is told of (issue #33; docs/decisions.md, Notifications). Each comes from events:
 * group notices are one row per event for every member of the group, personal items one row per
 * member concerned, and `closing_soon` is derived when the feed is read.
 */
export const NOTIFICATION_TYPES = [
  /** A new topic in a group the member belongs to. */
  'topic_opened',
  /** A new election in a group the member belongs to. */
  'election_opened',
  /** A topic or election of the member's groups closes within 24 hours and they have neither voted nor delegated. */
  'closing_soon',
  /** An election of the member's groups was decided. */
  'election_result',
  /** The member won an election. */
  'elected',
  /** The member's delegate voted or changed a vote in a topic still open (one item per topic, moved to the latest). */
  'delegate_voted',
  /** The member's delegate left the group, was banned or erased: their weight no longer counts there. */
  'delegate_ineligible',
  /** Someone mentioned the member in a topic's chat. */
  'mention',
  /** An admin or leader reviewed the member's verification. */
  'verification_reviewed',
  /** An admin reviewed a report the member made. */
  'report_reviewed',
  /** Someone accepted the member's invitation. */
  'invitation_accepted',
  /** The member's subscription was renewed, a payment for it failed, or it ended. */
  'subscription',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** How a type of notification reaches a member by e-mail. */
export const MAIL_DELIVERIES = ['immediately', 'daily', 'weekly', 'never'] as const;
export const MailDelivery = z.enum(MAIL_DELIVERIES, { error: "delivery must be 'immediately', 'daily', 'weekly' or 'never'" });
export type MailDelivery = z.infer<typeof MailDelivery>;

/**
 * Until a member chooses: what needs acting on at once goes at once (a mention, a delegate's vote
 * that can still be overridden), everything else waits for one daily mail (docs/decisions.md).
 */
export const DEFAULT_MAIL_DELIVERY: Readonly<Record<NotificationType, MailDelivery>> = {
  topic_opened: 'daily',
  election_opened: 'daily',
  closing_soon: 'daily',
  election_result: 'daily',
  elected: 'daily',
  delegate_voted: 'immediately',
  delegate_ineligible: 'immediately',
  mention: 'immediately',
  verification_reviewed: 'daily',
  report_reviewed: 'daily',
  invitation_accepted: 'daily',
  subscription: 'daily',
};

/** Why a `delegate_ineligible` item was made, a review's verdict, or what happened to a subscription. */
export const NOTIFICATION_OUTCOMES = [
  'left',
  'banned',
  'erased',
  'approved',
  'rejected',
  // A report's statuses (REPORT_STATUSES) after review.
  'pending',
  'under_review',
  'resolved',
  'renewed',
  'payment_failed',
  'ended',
] as const;
export const NotificationOutcome = z.enum(NOTIFICATION_OUTCOMES);
export type NotificationOutcome = z.infer<typeof NotificationOutcome>;

/** A person a notification names: never an address; an erased member reads 'Deleted member' as everywhere (names null: no account at all). */
export const NotificationPerson = z.object({ id: z.uuid(), firstName: z.string().nullable(), lastName: z.string().nullable() });

/** One notification as `GET /api/notifications` lists it. */
export const NotificationItem = z.object({
  /** Stable: marking it read names it. */
  id: z.string(),
  type: NotificationType,
  occurredAt: z.string(),
  read: z.boolean(),
  /** The app's page it opens: a topic, the group's page, the profile. */
  path: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  topic: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** The delegate, who mentioned the member, who accepted the invitation, the winner. */
  actor: NotificationPerson.nullable(),
  /** When the topic closes: the time left to vote, or to override a delegate. */
  closesAt: z.string().nullable(),
  outcome: NotificationOutcome.nullable(),
  /** A mention's message (null once an admin hid it). */
  excerpt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** The app's page a notification opens (web/src/app/app-routes.tsx): its topic, the subscription page, its group, else the profile. */
export function notificationPath(item: { type: NotificationType; topicId: string | null; groupId: number | null }): string {
  if (item.topicId) return `/topic/${item.topicId}`;
  if (item.type === 'subscription') return '/subscribe';
  if (item.groupId !== null) return `/group/${item.groupId}`;
  return '/profile';
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
export const NOTIFICATIONS_BAD_CURSOR = 'Invalid cursor';

/** `GET /api/notifications?before=&limit=`: newest first; `before` is the previous page's `nextCursor`. */
export const NotificationsQuery = z.object({
  before: z.string().max(200, NOTIFICATIONS_BAD_CURSOR).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsReply = z.object({
  items: z.array(NotificationItem),
  unreadCount: z.number().int().nonnegative(),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsReply = z.infer<typeof NotificationsReply>;

export const NOTIFICATION_IDS_MAX = 100;
export const MARK_READ_NEEDS_ONE = 'Name the notifications to mark as read (ids), or mark them all (all: true)';

/** `POST /api/notifications/read`: `{ ids: [...] }` marks those, `{ all: true }` everything up to now. */
export const MarkNotificationsReadBody = z
  .object({
    ids: z
      .array(z.string().min(1).max(200), { error: 'ids must be a list of notification ids' })
      .min(1, MARK_READ_NEEDS_ONE)
      .max(NOTIFICATION_IDS_MAX, `At most ${NOTIFICATION_IDS_MAX} notifications at once`)
      .optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { message: MARK_READ_NEEDS_ONE });
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

export const MarkNotificationsReadReply = z.object({ position: z.string().nullable() });

/** The languages mails are written in (the app's); until a member's app tells, English. */
export const MAIL_LANGUAGES = ['en', 'ar'] as const;
export const MailLanguage = z.enum(MAIL_LANGUAGES, { error: "language must be 'en' or 'ar'" });
export type MailLanguage = z.infer<typeof MailLanguage>;
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'en';

/** `GET /api/notifications/settings` and the `PUT`'s reply: the delivery of every type, and the mails' language. */
export const NotificationSettingsReply = z.object({
  deliveries: z.record(NotificationType, MailDelivery),
  language: MailLanguage,
  position: z.string().nullable().optional(),
});
export type NotificationSettingsReply = z.infer<typeof NotificationSettingsReply>;

export const NOTIFICATION_SETTINGS_EMPTY = 'Nothing to change: send deliveries, language, or both';

/** `PUT /api/notifications/settings`: the types to change and how each is delivered, and/or the mails' language. */
export const NotificationSettingsBody = z
  .object({
    deliveries: z.partialRecord(NotificationType, MailDelivery).optional(),
    language: MailLanguage.optional(),
  })
  .refine((body) => body.language !== undefined || Object.keys(body.deliveries ?? {}).length > 0, { message: NOTIFICATION_SETTINGS_EMPTY });
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;
