import {
  ACCOUNT_SECURITY_ALWAYS_ON,
  ConflictError,
  ValidationError,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type AccountErased,
  type Decider,
  type NotificationPreferences,
  type NotificationPreferencesChanged,
  type UserRegistered,
} from '@civitas/events';

export const NO_SUCH_ACCOUNT = 'No such account';
export const ACCOUNT_ALREADY_ERASED = 'This account has already been deleted.';

export type ChangeNotificationPreferences = { type: 'changeNotificationPreferences'; preferences: NotificationPreferences };
/** `erasedBy`: the member themself here (an admin's erasure would name the admin). */
export type EraseAccount = { type: 'eraseAccount'; erasedBy: string; via: AccountErased['data']['via'] };
export type AccountCommand = ChangeNotificationPreferences | EraseAccount;
export type AccountEvent = UserRegistered | NotificationPreferencesChanged | AccountErased;

export interface AccountState {
  userId: string | null;
  erased: boolean;
  preferences: NotificationPreferences;
}

const samePreferences = (a: NotificationPreferences, b: NotificationPreferences) =>
  (Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as Array<keyof NotificationPreferences>).every((kind) => a[kind] === b[kind]);

/** The member's own settings and erasure, on `user-{id}`: nothing is decided for an erased account. */
export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ userId: null, erased: false, preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, userId: event.data.userId };
      case 'NotificationPreferencesChanged':
        return { ...state, preferences: event.data.preferences };
      case 'AccountErased':
        return { ...state, erased: true };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (!state.userId) throw new ConflictError(NO_SUCH_ACCOUNT);
    if (state.erased) throw new ConflictError(ACCOUNT_ALREADY_ERASED);
    const userId = state.userId;
    switch (command.type) {
      case 'changeNotificationPreferences':
        // Account security mails (password resets, address verification) always go.
        if (!command.preferences.accountSecurity) throw new ValidationError(ACCOUNT_SECURITY_ALWAYS_ON);
        if (samePreferences(command.preferences, state.preferences)) return [];
        return [{ type: 'NotificationPreferencesChanged', data: { userId, preferences: command.preferences } }];
      case 'eraseAccount':
        return [{ type: 'AccountErased', data: { userId, erasedBy: command.erasedBy, via: command.via } }];
    }
  },
};
