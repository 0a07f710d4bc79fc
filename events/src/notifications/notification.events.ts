import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { MailDelivery, MailLanguage, NotificationType } from './notification.contract';

/**
 * `notification-reads-{userId}`: the member read some notifications (`itemIds`), or all of them up
 * to `readAt` (`itemIds` null). The feed itself is derived from the other events (docs/decisions.md,
 * Notifications); only what the member did about it is a fact of its own.
 */
export const NotificationsRead = defineEvent(
  'NotificationsRead',
  z.object({
    userId: z.uuid(),
    itemIds: z.array(z.string()).nullable(),
    readAt: z.iso.datetime(),
  }),
);

/**
 * `notification-settings-{userId}`: how the member wants one type of notification by e-mail, from
 * Settings or from a mail's one-click unsubscribe link (RFC 8058).
 */
export const NotificationDeliveryChosen = defineEvent(
  'NotificationDeliveryChosen',
  z.object({
    userId: z.uuid(),
    type: NotificationType,
    delivery: MailDelivery,
    via: z.enum(['settings', 'unsubscribe']),
  }),
);

/** `notification-settings-{userId}`: the language the member's mails are written in (the app's, when they chose it there). */
export const NotificationLanguageChosen = defineEvent('NotificationLanguageChosen', z.object({ userId: z.uuid(), language: MailLanguage }));

export type NotificationsRead = EventOf<typeof NotificationsRead>;
export type NotificationDeliveryChosen = EventOf<typeof NotificationDeliveryChosen>;
export type NotificationLanguageChosen = EventOf<typeof NotificationLanguageChosen>;
export type NotificationEvent = NotificationsRead | NotificationDeliveryChosen | NotificationLanguageChosen;
export const notificationEvents = [NotificationsRead, NotificationDeliveryChosen, NotificationLanguageChosen];
