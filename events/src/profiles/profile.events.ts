import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

/**
 * On `user-{id}`: the member's profile as they saved it. Every text is personal data, so each
 * is sealed with the member's own key (erasure shreds the key); null clears the field.
 */
export const ProfileUpdated = defineEvent(
  'ProfileUpdated',
  z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    aboutMe: z.string().nullable(),
    city: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    githubUrl: z.string().nullable(),
  }),
);
/** The member's avatar: a re-encoded image kept outside the events under its content hash; null removes it. */
export const ProfileImageChanged = defineEvent(
  'ProfileImageChanged',
  z.object({
    userId: z.uuid(),
    imageHash: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
);
export const NOTIFICATION_KINDS = ['invitations', 'elections', 'topicActivity', 'accountSecurity'] as const;
export const NotificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<(typeof NOTIFICATION_KINDS)[number], z.ZodBoolean>,
);
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
export const NotificationPreferencesChanged = defineEvent(
  'NotificationPreferencesChanged',
  z.object({ userId: z.uuid(), preferences: NotificationPreferences }),
);

export const BADGES = ['founder'] as const;
export const Badge = z.enum(BADGES);
export type Badge = z.infer<typeof Badge>;
/** Badges an admin grants (computed ones, like Verified or Leader, are not events). */
export const BadgeGranted = defineEvent('BadgeGranted', z.object({ userId: z.uuid(), badge: Badge, grantedBy: z.uuid(), reason: z.string().nullable() }));
export const BadgeRevoked = defineEvent('BadgeRevoked', z.object({ userId: z.uuid(), badge: Badge, revokedBy: z.uuid(), reason: z.string().nullable() }));

/**
 * On `user-{id}`: the account was erased by shredding its key. Everything sealed with it is
 * unreadable from now on; votes and opinions stay counted under 'Deleted member'.
 */
export const AccountErased = defineEvent(
  'AccountErased',
  z.object({ userId: z.uuid(), erasedBy: z.uuid(), via: z.enum(['password', 'fresh_sign_in', 'admin']) }),
);

export type ProfileUpdated = EventOf<typeof ProfileUpdated>;
export type ProfileImageChanged = EventOf<typeof ProfileImageChanged>;
export type NotificationPreferencesChanged = EventOf<typeof NotificationPreferencesChanged>;
export type BadgeGranted = EventOf<typeof BadgeGranted>;
export type BadgeRevoked = EventOf<typeof BadgeRevoked>;
export type AccountErased = EventOf<typeof AccountErased>;
export type ProfileEvent = ProfileUpdated | ProfileImageChanged | NotificationPreferencesChanged | BadgeGranted | BadgeRevoked | AccountErased;
export const profileEvents = [ProfileUpdated, ProfileImageChanged, NotificationPreferencesChanged, BadgeGranted, BadgeRevoked, AccountErased];
