import { column, defineTable } from '../lib/table';

/** Read model `notification_preferences`: which optional mails a member wants; no row means every mail (the default). */
export const notificationPreferencesTable = defineTable(
  'notification_preferences',
  {
    user_id: column.uuid(),
    invitations: column.boolean(),
    elections: column.boolean(),
    topic_activity: column.boolean(),
    account_security: column.boolean(),
    updated_at: column.timestamptz(),
  },
  { primaryKey: ['user_id'] },
);
