import { z } from 'zod';
import { text } from '../text';
import { InvitationKind } from './invitation.events';

/** Invitations are valid for 7 days (docs/product.md, States); a member sends at most 50 a day. */
export const INVITATION_VALIDITY_DAYS = 7;
export const INVITATIONS_PER_DAY = 50;
/** The owner's dialogs list the first (newest) 5 invitations. */
export const RECENT_INVITATIONS_SHOWN = 5;

export const INVALID_EMAIL = 'Please enter a valid email address';
export const TOO_MANY_INVITATIONS = `You can send at most ${INVITATIONS_PER_DAY} invitations a day. Please try again tomorrow.`;
export const INVITATION_NOT_FOUND = 'This invitation link is invalid or has expired.';
export const INVITATION_EXPIRED = 'This invitation has expired.';
export const INVITATION_USED = 'This invitation has already been used.';
export const OWNER_ONLY = 'Only the owner of this group can do that.';

/** POST /api/{family,friends,business}/invite. */
export const InviteBody = z.object({
  email: text({ field: 'Email', required: INVALID_EMAIL }).toLowerCase().pipe(z.email(INVALID_EMAIL)),
});
export type InviteBody = z.infer<typeof InviteBody>;

/** Stored states: pending until accepted; expired is derived from expiresAt; cut when the friendship or membership it made ended. */
export const InvitationStatus = z.enum(['pending', 'accepted', 'expired', 'cut']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** The owner's list items (GET /api/{family,friends,business}/<groupId>/invitations), newest first. */
export const InvitationView = z.object({
  id: z.string(),
  kind: InvitationKind,
  email: z.string(),
  groupId: z.number().int(),
  invitedBy: z.string(),
  status: InvitationStatus,
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The link to copy: /family-invite/<token>, /friend-invite/<token> or /business-invite/<token>. */
  invitationLink: z.string(),
});
export type InvitationView = z.infer<typeof InvitationView>;

export const FamilyInviteReply = z.object({ position: z.string().nullable(), invitationLink: z.string(), invitation: InvitationView });
export const FriendsInviteReply = FamilyInviteReply;
/** Business answers inviteUrl (docs/product.md, Data). */
export const BusinessInviteReply = z.object({ position: z.string().nullable(), inviteUrl: z.string(), invitation: InvitationView });

/** GET /api/{family,friends,business}/invite/<token>: what the invitation page shows, to anyone holding the link. */
export const InvitationLookup = z.object({
  email: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  inviterName: z.string(),
  status: InvitationStatus,
  expiresAt: z.string(),
  /** Whether the signed-in member is the one who accepted it (false signed out). */
  acceptedByYou: z.boolean(),
});
export type InvitationLookup = z.infer<typeof InvitationLookup>;

export const AcceptInvitationReply = z.object({ position: z.string().nullable(), groupId: z.number().int() });

/** GET /api/friends/<groupId>/friends item (docs/product.md, Data: a friend link). */
export const FriendView = z.object({
  id: z.string(),
  friendId: z.string(),
  status: z.enum(['active', 'cut']),
  friend: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  createdAt: z.string(),
  cutAt: z.string().nullable(),
});
export type FriendView = z.infer<typeof FriendView>;

/** GET /api/business/<groupId>/members item (docs/product.md, Data: a business member). */
export const BusinessMemberView = z.object({
  id: z.string(),
  memberId: z.string(),
  status: z.enum(['active', 'fired']),
  member: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  createdAt: z.string(),
  firedAt: z.string().nullable(),
});
export type BusinessMemberView = z.infer<typeof BusinessMemberView>;

/** Where each kind's link leads in the web app. */
export const INVITATION_PAGES = { family: '/family-invite', friends: '/friend-invite', business: '/business-invite' } as const;

/** The link an invitee opens: its page on the public site, with the token. */
export const invitationLink = (publicBaseUrl: string, kind: keyof typeof INVITATION_PAGES, token: string) =>
  `${publicBaseUrl}${INVITATION_PAGES[kind]}/${token}`;
