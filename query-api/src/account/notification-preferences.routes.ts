import { DEFAULT_NOTIFICATION_PREFERENCES, NotificationPreferencesReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { QueryContext } from '../lib/viewer';

/** The Settings dialog's e-mail notifications: what the member chose, every mail until they choose. */
export function notificationPreferencesRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/user/notification-preferences',
    {
      config: { access: 'member', readModels: ['notification_preferences'] },
      schema: { tags: ['account'], summary: 'Which e-mails I get', response: { 200: NotificationPreferencesReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const row = await readModels.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return {
        preferences: row
          ? { invitations: row.invitations, elections: row.elections, topicActivity: row.topic_activity, accountSecurity: row.account_security }
          : DEFAULT_NOTIFICATION_PREFERENCES,
      };
    },
  );
}
