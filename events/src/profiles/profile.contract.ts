import { z } from 'zod';
import { queryText } from '../ids';
import { HiddenNotice } from '../moderation/hidden-content.contract';
import { CommandReply } from '../command-reply';
import { text } from '../text';
import { VoteType } from '../voting/vote.events';
import { BADGES, Badge } from './profile.events';
import { UserStats } from './user-stats.contract';

/** Limits of the profile's fields (section 7); the server enforces them, the Edit Profile dialog mirrors them. */
export const PROFILE_LIMITS = { name: 100, city: 100, aboutMe: 1000, url: 2048 } as const;

/** docs/product.md, Rules and Constants: a 2 MB cap (the hint says 2 MB too), at most 400 px, JPEG quality 0.8. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_SIDE = 400;
export const PROFILE_IMAGE_QUALITY = 0.8;
export const PROFILE_IMAGE_FIELD = 'profileImage';
export const PROFILE_IMAGE_TOO_LARGE_TITLE = 'File Too Large';
export const PROFILE_IMAGE_TOO_LARGE = 'Please select an image smaller than 2MB.';
export const PROFILE_IMAGE_NOT_AN_IMAGE = 'Please choose a JPEG, PNG, GIF or WebP image.';
export const PROFILE_IMAGE_MISSING = 'Please choose an image to upload.';
export const PROFILE_IMAGE_TOO_MANY_PIXELS = 'This image has too many pixels to process. Please choose a smaller image.';
export const PROFILE_IMAGE_UNREADABLE = 'This image could not be read. Please choose another one.';
/** A profileImageUrl that is not the member's own current picture: pictures arrive only by upload. */
export const PROFILE_IMAGE_URL_NOT_OWN = 'Profile images can only be set by uploading one.';
/** Section 8's texts and the success toast (section 8, success messages: 'profile updated'). */
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';
export const PROFILE_UPDATED = 'Profile updated';
export const PROFILE_IMAGE_UPLOAD_FAILED = 'Failed to upload profile image';
/** Where the query side serves stored profile images: `/api/images/<hash>.jpg`. */
export const profileImagePath = (hash: string) => `/api/images/${hash}.jpg`;
export const PROFILE_IMAGE_FILE_PATTERN = /^([0-9a-f]{64})\.jpg$/;

/** An absolute http(s) address with a host: nothing a browser would run (`javascript:`, `data:`) or resolve against the site. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const name = (field: 'First name' | 'Last name') =>
  text({ field, required: `${field} is required` })
    .min(1, `${field} is required`)
    .max(PROFILE_LIMITS.name, `${field} must be at most ${PROFILE_LIMITS.name} characters`);

/** An optional text: trimmed, '' or null clears it (null), left out keeps what is stored. */
const optionalText = (field: string, max: number, lines: 'single' | 'multi' = 'single') =>
  text({ field, required: `${field} must be text`, lines })
    .max(max, `${field} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const linkMessage = (field: string) => `${field} must be a web address starting with http:// or https://`;
const optionalLink = (field: string) =>
  text({ field, required: linkMessage(field) })
    .max(PROFILE_LIMITS.url, `${field} must be at most ${PROFILE_LIMITS.url} characters`)
    .refine((value) => value === '' || isWebAddress(value), linkMessage(field))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * PUT /api/user/profile (section 7). Names are required and non-blank; every other field is
 * optional: left out it keeps its value, '' or null clears it. profileImageUrl may only repeat the
 * member's current picture or clear it (pictures arrive through POST /api/user/profile-image).
 */
export const UpdateProfileBody = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  aboutMe: optionalText('About me', PROFILE_LIMITS.aboutMe, 'multi'),
  city: optionalText('City', PROFILE_LIMITS.city),
  websiteUrl: optionalLink('Website'),
  twitterUrl: optionalLink('Twitter'),
  linkedinUrl: optionalLink('LinkedIn'),
  githubUrl: optionalLink('GitHub'),
  profileImageUrl: z
    .string({ error: PROFILE_IMAGE_URL_NOT_OWN })
    .trim()
    .max(PROFILE_LIMITS.url, PROFILE_IMAGE_URL_NOT_OWN)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
/** What the Edit Profile form sends (before the server's trimming and clearing). */
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;

/** The profile's own fields as stored (section 3, users). */
export const ProfileFields = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  aboutMe: z.string().nullable(),
  city: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type ProfileFields = z.infer<typeof ProfileFields>;

export const UpdateProfileReply = CommandReply.extend({ profile: ProfileFields });
export type UpdateProfileReply = z.infer<typeof UpdateProfileReply>;

/** POST /api/user/profile-image (section 7): the answer gives profileImageUrl. */
export const ProfileImageReply = CommandReply.extend({ profileImageUrl: z.string() });
export type ProfileImageReply = z.infer<typeof ProfileImageReply>;

export const BADGE_LABELS: Record<Badge, string> = { founder: 'Founder' };
export const UNKNOWN_BADGE = 'Unknown badge';
export const BADGE_ALREADY_HELD = 'This member already holds that badge.';
export const BADGE_NOT_HELD = 'This member does not hold that badge.';
export const BADGE_MEMBER_NOT_FOUND = 'User not found';
export const BADGE_REASON_MAX = 500;

/** POST /api/admin/users/<id>/badges: an admin grants a badge, with an optional reason. */
export const GrantBadgeBody = z.object({
  badge: z.enum(BADGES, { error: UNKNOWN_BADGE }),
  reason: optionalText('Reason', BADGE_REASON_MAX),
});
export type GrantBadgeBody = z.infer<typeof GrantBadgeBody>;
/** DELETE /api/admin/users/<id>/badges/<badge>: an optional JSON body with the reason. */
export const RevokeBadgeBody = z.object({ reason: optionalText('Reason', BADGE_REASON_MAX) }).optional();
export const BadgeReply = CommandReply.extend({ userId: z.string(), badge: Badge, held: z.boolean() });
export type BadgeReply = z.infer<typeof BadgeReply>;

/** The profile's badges: founder is granted by an admin; the others follow from the member's data. */
export const PROFILE_BADGES = ['active_citizen', 'verified', 'leader', 'founder'] as const;
export const ProfileBadgeId = z.enum(PROFILE_BADGES);
export type ProfileBadgeId = z.infer<typeof ProfileBadgeId>;
export const PROFILE_BADGE_LABELS: Record<ProfileBadgeId, string> = {
  active_citizen: 'Active Citizen',
  verified: 'Verified',
  leader: 'Leader',
  founder: BADGE_LABELS.founder,
};
export const ProfileBadge = z.object({ id: ProfileBadgeId, label: z.string() });
export type ProfileBadge = z.infer<typeof ProfileBadge>;

export const ACHIEVEMENTS = ['active_participant', 'topic_creator', 'trusted_delegate', 'election_winner'] as const;
export const AchievementId = z.enum(ACHIEVEMENTS);
export type AchievementId = z.infer<typeof AchievementId>;
/** One achievement with its progress: `value` of `target`, unlocked once reached. */
export const Achievement = z.object({
  id: AchievementId,
  title: z.string(),
  description: z.string(),
  value: z.number().int(),
  target: z.number().int(),
  unlocked: z.boolean(),
});
export type Achievement = z.infer<typeof Achievement>;

/** GET /api/user/profile: the signed-in member's own profile page, all from the read models. */
export const ProfileView = z.object({
  user: ProfileFields.extend({ id: z.string(), email: z.string().nullable(), createdAt: z.string() }),
  /** The first approved nationality and its id, masked by `maskNationalId`: the owner's own, never anyone else's. */
  verification: z.object({ country: z.string(), nationalId: z.string().nullable() }).nullable(),
  badges: z.array(ProfileBadge),
  stats: UserStats,
  achievements: z.array(Achievement),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const ACTIVITY_KINDS = [
  'topic_created',
  'opinion_posted',
  'vote_cast',
  'vote_changed',
  'vote_retracted',
  'delegation_given',
  'delegation_changed',
  'delegation_cancelled',
  'candidacy_registered',
  'election_won',
] as const;
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;
export const ACTIVITY_PAGE_SIZE = 20;

export const ProfilePersonRef = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type ProfilePersonRef = z.infer<typeof ProfilePersonRef>;

/** One of the member's own actions, newest first; `link` is where it happened (null when that is gone). */
export const ActivityItem = z.object({
  id: z.string(),
  kind: ActivityKind,
  occurredAt: z.string(),
  topic: z.object({ id: z.string(), title: z.string(), isDeleted: z.boolean() }).nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `hidden`: an admin hid the opinion, and its excerpt is blank (docs/decisions.md, Moderation actions). */
  opinion: z.object({ id: z.string(), excerpt: z.string(), hidden: HiddenNotice.nullish() }).nullable(),
  voteType: VoteType.nullable(),
  /** The delegate of a delegation item. */
  person: ProfilePersonRef.nullable(),
  link: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/** GET /api/user/activity?before=<cursor>: a page of the member's actions and the cursor of the next (older) one. */
export const ActivityPage = z.object({ items: z.array(ActivityItem), nextCursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof ActivityPage>;
export const ActivityQuery = z.object({
  before: queryText('before')
    .regex(/^[0-9a-f]{16}-[0-9a-f]{16}$/, 'before must be a cursor from a previous page')
    .optional(),
});

/** GET /api/user/delegations/overview: per group, whom the member trusts, who trusts them, and the weight they carry. */
export const DelegationOverviewGroup = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  given: z.object({ delegationId: z.string(), delegate: ProfilePersonRef, since: z.string() }).nullable(),
  received: z.array(z.object({ delegator: ProfilePersonRef, since: z.string() })),
  /** From the weighted tally engine; null where the group's eligibility is not known yet. */
  carried: z.object({ directDelegators: z.number().int(), weight: z.number().int() }).nullable(),
});
export type DelegationOverviewGroup = z.infer<typeof DelegationOverviewGroup>;
export const DelegationOverview = z.array(DelegationOverviewGroup);
export type DelegationOverview = z.infer<typeof DelegationOverview>;
