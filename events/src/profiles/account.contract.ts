import { z } from 'zod';
import { CommandReply } from '../command-reply';
import { secretText } from '../text';
import { NotificationPreferences } from './profile.events';

// The browser imports these from here (profile.events is not one of the package's entries).
export { NOTIFICATION_KINDS, NotificationPreferences } from './profile.events';

/**
 * The member's own account settings (the Settings dialog) and erasure: request and reply
 * shapes both sides share, with the messages the server answers.
 */

/** docs/product.md, Constants: the minimum password length, as sign-up and reset enforce it. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const NO_PASSWORD_TO_CHANGE = 'This account signs in through Google or Replit and has no password to change.';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';
export const OTHER_SESSIONS_ENDED = 'Your other sessions have been signed out.';
export const ACCOUNT_SECURITY_ALWAYS_ON = 'Account security e-mails cannot be turned off.';

/** A member without a password proves it is them by a sign-in this recent (their session's age). */
export const FRESH_SIGN_IN_MINUTES = 10;
export const WRONG_PASSWORD = 'The password is incorrect.';
export const PASSWORD_REQUIRED_TO_DELETE = 'Please enter your password to delete your account.';
export const SIGN_IN_AGAIN_TO_DELETE = `For your security, please sign out, sign in again and delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`;
export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * The kinds some mail is sent for today (invitation mails; password resets and address
 * verification are account security). The dialog shows only these: a switch for mails that do
 * not exist yet would control nothing. Elections and topic activity join when their mails do.
 */
export const NOTIFICATION_KINDS_MAILED = ['invitations', 'accountSecurity'] as const;

/** Whom the notification kinds concern, as the Settings dialog lists them; account security mails always go. */
export const NOTIFICATION_LABELS = {
  invitations: 'Invitations to family, friends and business groups',
  elections: 'Elections in my groups',
  topicActivity: 'Activity on topics I take part in',
  accountSecurity: 'Account security (password resets, address verification)',
} as const;

const newPassword = secretText({ field: 'Password', required: PASSWORD_TOO_SHORT })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

/** POST /api/user/password. */
export const ChangePasswordBody = z.object({
  currentPassword: secretText({ field: 'Current password', required: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(1024, WRONG_CURRENT_PASSWORD),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export const ChangePasswordReply = CommandReply.extend({ message: z.string(), otherSessionsEnded: z.number().int() });
export type ChangePasswordReply = z.infer<typeof ChangePasswordReply>;

/** POST /api/user/sessions/revoke-others. */
export const RevokeOtherSessionsReply = z.object({ message: z.string(), ended: z.number().int() });
export type RevokeOtherSessionsReply = z.infer<typeof RevokeOtherSessionsReply>;

/** PUT /api/user/notification-preferences: every kind named; account security stays on. */
export const NotificationPreferencesBody = NotificationPreferences.refine((preferences) => preferences.accountSecurity, {
  message: ACCOUNT_SECURITY_ALWAYS_ON,
  path: ['accountSecurity'],
});
export const NotificationPreferencesReply = z.object({ preferences: NotificationPreferences });
export type NotificationPreferencesReply = z.infer<typeof NotificationPreferencesReply>;
export const NotificationPreferencesChangedReply = CommandReply.extend({ preferences: NotificationPreferences });
export type NotificationPreferencesChangedReply = z.infer<typeof NotificationPreferencesChangedReply>;
/** What a member who never chose gets: every mail. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { invitations: true, elections: true, topicActivity: true, accountSecurity: true };

/** The browser and system named at sign-in ('Chrome', 'Android'); null for sessions from before they were kept. */
export const SessionDevice = z.object({ browser: z.string().optional(), os: z.string().optional() });

/** GET /api/user/account-security: what the Settings dialog needs to ask the right questions. */
export const AccountSecurity = z.object({
  /** False for accounts that only sign in through a provider: erasure then asks for a fresh sign-in instead. */
  hasPassword: z.boolean(),
  /** The member's signed-in sessions, newest first (never their tokens). */
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      current: z.boolean(),
      device: SessionDevice.nullish(),
    }),
  ),
});
export type AccountSecurity = z.infer<typeof AccountSecurity>;

/** DELETE /api/user: the current password (left out by accounts without one, which need a fresh sign-in; the body may be left out too). */
export const DeleteAccountBody = z
  .object({
    password: secretText({ field: 'Password', required: WRONG_PASSWORD }).max(1024, WRONG_PASSWORD).optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
export const DeleteAccountReply = CommandReply.extend({ message: z.string() });
export type DeleteAccountReply = z.infer<typeof DeleteAccountReply>;
