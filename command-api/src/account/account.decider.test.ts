import { ACCOUNT_SECURITY_ALWAYS_ON, ConflictError, DEFAULT_NOTIFICATION_PREFERENCES, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { ACCOUNT_ALREADY_ERASED, NO_SUCH_ACCOUNT, accountDecider } from './account.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const registered = {
  type: 'UserRegistered' as const,
  data: { userId: ada, email: 'sealed', firstName: 'sealed', lastName: 'sealed', profileImageUrl: null, passwordHash: 'hash', externalIdentity: null },
};
const quiet = { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: false, topicActivity: false };
const changed = (preferences: typeof quiet) => ({ type: 'NotificationPreferencesChanged' as const, data: { userId: ada, preferences } });
const erased = { type: 'AccountErased' as const, data: { userId: ada, erasedBy: ada, via: 'password' as const } };

describe('account decider', () => {
  const spec = deciderSpec(accountDecider);

  it('records a change of e-mail preferences, and nothing when they are what they were', () => {
    spec
      .given([registered])
      .when({ type: 'changeNotificationPreferences', preferences: quiet })
      .then([changed(quiet)]);
    // Every mail until the member chooses: choosing all of them changes nothing.
    spec.given([registered]).when({ type: 'changeNotificationPreferences', preferences: DEFAULT_NOTIFICATION_PREFERENCES }).then([]);
    spec
      .given([registered, changed(quiet)])
      .when({ type: 'changeNotificationPreferences', preferences: quiet })
      .then([]);
    spec
      .given([registered, changed(quiet)])
      .when({ type: 'changeNotificationPreferences', preferences: DEFAULT_NOTIFICATION_PREFERENCES })
      .then([changed(DEFAULT_NOTIFICATION_PREFERENCES)]);
  });

  it('never turns account security mails off', () => {
    spec
      .given([registered])
      .when({ type: 'changeNotificationPreferences', preferences: { ...quiet, accountSecurity: false } })
      .thenThrows(ValidationError, ACCOUNT_SECURITY_ALWAYS_ON);
  });

  it('erases an account once, saying who and how', () => {
    spec.given([registered]).when({ type: 'eraseAccount', erasedBy: ada, via: 'password' }).then([erased]);
    spec.given([registered, erased]).when({ type: 'eraseAccount', erasedBy: ada, via: 'password' }).thenThrows(ConflictError, ACCOUNT_ALREADY_ERASED);
  });

  it('decides nothing for an account that does not exist or was erased', () => {
    spec.given([]).when({ type: 'eraseAccount', erasedBy: ada, via: 'fresh_sign_in' }).thenThrows(ConflictError, NO_SUCH_ACCOUNT);
    spec.given([]).when({ type: 'changeNotificationPreferences', preferences: quiet }).thenThrows(ConflictError, NO_SUCH_ACCOUNT);
    spec.given([registered, erased]).when({ type: 'changeNotificationPreferences', preferences: quiet }).thenThrows(ConflictError, ACCOUNT_ALREADY_ERASED);
  });
});
