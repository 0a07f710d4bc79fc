import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql } from 'kysely';
import { defineProjection, eventTime } from '../projection';
import { usersTable } from './users.table';

const USER_EVENTS = [
  'UserRegistered',
  'UserPasswordChanged',
  'UserPasswordRemoved',
  'ExternalIdentityLinked',
  'ExternalIdentityUnlinked',
  'EmailVerified',
  'UserRoleGranted',
  'UserRoleRevoked',
  'SubscriptionRequested',
  'SubscriptionRequestFailed',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
  'ProfileUpdated',
  'ProfileImageChanged',
  'AccountErased',
  'UserBanned',
  'UserUnbanned',
  'EmailAddressForfeited',
] as const;

export const usersProjection = defineProjection({
  name: 'users',
  // 3: the participation score moved to member_stats; 4: e-mail and names are sealed in the events; 5: email_verified;
  // 6: the saved profile (sealed texts opened here) and its picture; 7: erasure (AccountErased), has_password; 8: bans;
  // 9: an account that forfeits the address it never proved (EmailAddressForfeited) lets it go.
  version: 9,
  tables: [usersTable],
  handles: USER_EVENTS,

  async apply(db, schema, events, changes) {
    const users = db.withSchema(schema);
    // E-mail and names are sealed in the events: opened here with the member's key, in the batch's transaction.
    const vault = new PersonalDataVault(db);
    for (const event of events) {
      const at = eventTime(event);
      changes.add('users', event.data.userId);
      switch (event.type) {
        case 'UserRegistered': {
          const { userId } = event.data;
          const [email, firstName, lastName] = await vault.revealAll(userId, [event.data.email, event.data.firstName, event.data.lastName]);
          await users
            .insertInto('users')
            // An erased member keeps a row (their votes still count) but no address or name: their key opens nothing.
            .values({
              id: userId,
              email,
              first_name: firstName,
              last_name: lastName,
              profile_image_url: event.data.profileImageUrl,
              has_password: event.data.passwordHash !== null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'EmailVerified':
          await users.updateTable('users').set({ email_verified: true, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserRoleGranted':
          await users
            .updateTable('users')
            .set({ roles: sql`(select array(select distinct unnest(roles || ${[event.data.role]}::text[]) order by 1))`, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'UserRoleRevoked':
          await users
            .updateTable('users')
            .set({ roles: sql`array_remove(roles, ${event.data.role})`, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'SubscriptionRequested':
          // Pending only while there is no access to keep showing.
          await users
            .updateTable('users')
            .set({
              subscription_status: sql`case when subscription_status in ('active', 'cancelled') then subscription_status else 'pending' end`,
              updated_at: at,
            })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'SubscriptionRequestFailed':
          await users
            .updateTable('users')
            .set({
              subscription_status: sql`case when subscription_status = 'pending' then (case when subscription_end_date is null then null else 'expired' end) else subscription_status end`,
              updated_at: at,
            })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'SubscriptionActivated':
          await users
            .updateTable('users')
            .set({
              is_subscribed: true,
              subscription_status: 'active',
              subscription_plan: event.data.planId,
              subscription_start_date: event.data.startDate,
              subscription_end_date: event.data.endDate,
              updated_at: at,
            })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'SubscriptionRenewed':
          await users
            .updateTable('users')
            .set({
              is_subscribed: true,
              subscription_status: 'active',
              subscription_plan: event.data.planId,
              subscription_end_date: event.data.endDate,
              updated_at: at,
            })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'SubscriptionCancelled':
          await users.updateTable('users').set({ subscription_status: 'cancelled', updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'SubscriptionExpired':
          await users
            .updateTable('users')
            .set({ is_subscribed: false, subscription_status: 'expired', updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'ProfileUpdated': {
          const { userId, firstName, lastName, aboutMe, city, websiteUrl, twitterUrl, linkedinUrl, githubUrl } = event.data;
          // An erased member's key is gone: everything opens to null.
          const [first, last, about, town, website, twitter, linkedin, github] = await vault.revealAll(userId, [
            firstName,
            lastName,
            aboutMe,
            city,
            websiteUrl,
            twitterUrl,
            linkedinUrl,
            githubUrl,
          ]);
          await users
            .updateTable('users')
            .set({
              first_name: first,
              last_name: last,
              about_me: about,
              city: town,
              website_url: website,
              twitter_url: twitter,
              linkedin_url: linkedin,
              github_url: github,
              updated_at: at,
            })
            .where('id', '=', userId)
            .execute();
          break;
        }
        case 'UserBanned':
          await users
            .updateTable('users')
            .set({ is_banned: true, ban_reason: event.data.reason, banned_at: at, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'UserUnbanned':
          await users
            .updateTable('users')
            .set({ is_banned: false, ban_reason: null, banned_at: null, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'ProfileImageChanged':
          await users.updateTable('users').set({ profile_image_url: event.data.profileImageUrl, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserPasswordChanged':
        case 'UserPasswordRemoved':
          await users
            .updateTable('users')
            .set({ has_password: event.type === 'UserPasswordChanged', updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'AccountErased':
          // Only the id stays, so what the member did still counts (shown as 'Deleted member'); a rebuild opens nothing either.
          await users
            .updateTable('users')
            .set({
              email: null,
              first_name: null,
              last_name: null,
              profile_image_url: null,
              about_me: null,
              city: null,
              website_url: null,
              twitter_url: null,
              linkedin_url: null,
              github_url: null,
              has_password: false,
              erased_at: at,
              updated_at: at,
            })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'EmailAddressForfeited':
          // The address is the prover's new account's now (unique here too); this row keeps its registrant's names and history.
          await users
            .updateTable('users')
            .set({ email: null, email_verified: false, has_password: false, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'ExternalIdentityLinked':
        case 'ExternalIdentityUnlinked':
          await users.updateTable('users').set({ updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
      }
    }
  },
});
