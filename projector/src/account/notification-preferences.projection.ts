import type { AccountErased, NotificationPreferencesChanged } from '@civitas/events';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { notificationPreferencesTable } from './notification-preferences.table';

type PreferencesEvent = ProjectedEvent & (NotificationPreferencesChanged | AccountErased);
const PREFERENCES_EVENTS = new Set(['NotificationPreferencesChanged', 'AccountErased']);

/** Each member's e-mail notification choices (the Settings dialog); an erased member's go with them. */
export const notificationPreferencesProjection = defineProjection({
  name: 'notification_preferences',
  version: 1,
  tables: [notificationPreferencesTable],

  async apply(db, schema, events, changes) {
    const preferences = db.withSchema(schema);
    for (const event of events.filter((candidate): candidate is PreferencesEvent => PREFERENCES_EVENTS.has(candidate.type))) {
      const { userId } = event.data;
      changes.add('notification_preferences', userId);
      if (event.type === 'AccountErased') {
        await preferences.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
        continue;
      }
      const { invitations, elections, topicActivity, accountSecurity } = event.data.preferences;
      const row = { invitations, elections, topic_activity: topicActivity, account_security: accountSecurity, updated_at: eventTime(event) };
      await preferences.insertInto('notification_preferences').values({ user_id: userId, ...row })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row)).execute();
    }
  },
});
