import { MarkNotificationsReadBody, MarkNotificationsReadReply, NotificationSettingsBody, NotificationSettingsReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { byMember, rateLimitRule } from '../lib/rate-limiters';
import type { NotificationSettingsService } from './notification-settings-service';

/** Generous for a member clicking through their notifications; a script marking in a loop is stopped. */
const READ_MARK_LIMITS = [rateLimitRule('notification-reads', byMember, 120, '1 minute')];
const SETTINGS_LIMITS = [rateLimitRule('notification-settings', byMember, 60, '1 minute')];

export function notificationsRoutes(app: ZodRoutes, { notifications }: { notifications: NotificationSettingsService }): void {
  app.post(
    '/api/notifications/read',
    {
      config: { access: 'member', rateLimits: READ_MARK_LIMITS },
      schema: {
        tags: ['notifications'],
        summary: 'Mark some of my notifications as read ({ids}), or all of them up to now ({all: true})',
        body: MarkNotificationsReadBody,
        response: { 200: MarkNotificationsReadReply },
      },
    },
    async (request) => notifications.markRead(memberOf(request), request.body.all ? null : request.body.ids!),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: { access: 'member', rateLimits: SETTINGS_LIMITS },
      schema: {
        tags: ['notifications'],
        summary: 'Choose how each type of notification reaches me by e-mail (immediately, daily, weekly, never), and the mails’ language',
        body: NotificationSettingsBody,
        response: { 200: NotificationSettingsReply },
      },
    },
    async (request) => notifications.choose(memberOf(request), request.body, 'settings'),
  );
}
