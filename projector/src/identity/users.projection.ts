import type { EmailVerified, ExternalIdentityLinked, ExternalIdentityUnlinked, SubscriptionEvent, UserPasswordChanged, UserPasswordRemoved, UserRegistered, UserRoleGranted, UserRoleRevoked } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql } from 'kysely';
import { defineProjection, eventTime, type ProjectedEvent } from '../projection';
import { usersTable } from './users.table';

type UserEvent = ProjectedEvent & (UserRegistered | UserPasswordChanged | UserPasswordRemoved | ExternalIdentityLinked | ExternalIdentityUnlinked | EmailVerified | UserRoleGranted | UserRoleRevoked | SubscriptionEvent);
const USER_EVENTS = new Set([
  'UserRegistered', 'UserPasswordChanged', 'UserPasswordRemoved', 'ExternalIdentityLinked', 'ExternalIdentityUnlinked', 'EmailVerified', 'UserRoleGranted', 'UserRoleRevoked',
  'SubscriptionRequested', 'SubscriptionRequestFailed', 'SubscriptionActivated', 'SubscriptionRenewed', 'SubscriptionCancelled', 'SubscriptionExpired',
]);

export const usersProjection = defineProjection({
  name: 'users',
  // 3: the participation score moved to member_stats; 4: e-mail and names are sealed in the events; 5: email_verified.
  version: 5,
  tables: [usersTable],

  async apply(db, schema, events, changes) {
    const users = db.withSchema(schema);
    // E-mail and names are sealed in the events: opened here with the member's key, in the batch's transaction.
    const vault = new PersonalDataVault(db);
    for (const event of events.filter((candidate): candidate is UserEvent => USER_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('users', event.data.userId);
      switch (event.type) {
        case 'UserRegistered': {
          const { userId } = event.data;
          const [email, firstName, lastName] = await vault.revealAll(userId, [event.data.email, event.data.firstName, event.data.lastName]);
          await users
            .insertInto('users')
            // An erased member keeps a row (their votes still count) but no address or name.
            .values({ id: userId, email: email ?? `erased:${userId}`, first_name: firstName, last_name: lastName, profile_image_url: event.data.profileImageUrl, created_at: at, updated_at: at })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'EmailVerified':
          await users.updateTable('users').set({ email_verified: true, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserRoleGranted':
          await users.updateTable('users')
            .set({ roles: sql`(select array(select distinct unnest(roles || ${[event.data.role]}::text[]) order by 1))`, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'UserRoleRevoked':
          await users.updateTable('users').set({ roles: sql`array_remove(roles, ${event.data.role})`, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionRequested':
          // Pending only while there is no access to keep showing.
          await users.updateTable('users')
            .set({ subscription_status: sql`case when subscription_status in ('active', 'cancelled') then subscription_status else 'pending' end`, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionRequestFailed':
          await users.updateTable('users')
            .set({ subscription_status: sql`case when subscription_status = 'pending' then (case when subscription_end_date is null then null else 'expired' end) else subscription_status end`, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionActivated':
          await users.updateTable('users')
            .set({ is_subscribed: true, subscription_status: 'active', subscription_plan: event.data.planId, subscription_start_date: event.data.startDate, subscription_end_date: event.data.endDate, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionRenewed':
          await users.updateTable('users')
            .set({ is_subscribed: true, subscription_status: 'active', subscription_plan: event.data.planId, subscription_end_date: event.data.endDate, updated_at: at })
            .where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionCancelled':
          await users.updateTable('users').set({ subscription_status: 'cancelled', updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionExpired':
          await users.updateTable('users').set({ is_subscribed: false, subscription_status: 'expired', updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserPasswordChanged':
        case 'UserPasswordRemoved':
        case 'ExternalIdentityLinked':
        case 'ExternalIdentityUnlinked':
          await users.updateTable('users').set({ updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
      }
    }
  },
});
