import { defineProjection, eventTime } from '../projection';
import { notificationPreferencesTable } from './notification-preferences.table';

/** Each member's e-mail notification choices (the Settings dialog); an erased member's go with them. */
export const notificationPreferencesProjection = defineProjection({
  name: 'notification_preferences',
  version: 1,
  tables: [notificationPreferencesTable],
  handles: ['NotificationPreferencesChanged', 'AccountErased'],

  async apply(db, schema, events, changes) {
    const preferences = db.withSchema(schema);
    for (const event of events) {
      const { userId } = event.data;
      changes.add('notification_preferences', userId);
      if (event.type === 'AccountErased') {
        await preferences.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
        continue;
      }
      const { invitations, elections, topicActivity, accountSecurity } = event.data.preferences;
      const row = { invitations, elections, topic_activity: topicActivity, account_security: accountSecurity, updated_at: eventTime(event) };
      await preferences
        .insertInto('notification_preferences')
        .values({ user_id: userId, ...row })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
        .execute();
    }
  },
});
