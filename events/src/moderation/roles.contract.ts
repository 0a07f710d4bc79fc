import { z } from 'zod';
import { ROLES, type Role } from '../identity/user.events';
import { queryText, uuidParam } from '../ids';
import { text } from '../text';

// Admins grant and revoke roles (issue #13 item 5); every change is an event with who and why.
export const MEMBER_NOT_FOUND = 'Member not found';
export const ROLE_REQUIRED = `Please choose a role: ${ROLES.join(' or ')}`;
export const ROLE_ALREADY_HELD = (role: Role) => `This member already has the ${role} role.`;
export const ROLE_NOT_HELD = (role: Role) => `This member does not have the ${role} role.`;
/** Without an admin nobody could grant anything again (short of ADMIN_EMAILS and a restart). */
export const LAST_ADMIN = 'The last admin cannot be removed: grant the admin role to someone else first.';
/** Erasing an account takes its admin role with it: refused, as a revocation is, for the last one. */
export const LAST_ADMIN_ERASE = 'The last admin cannot delete their account: grant the admin role to someone else first.';
export const MODERATION_REASON_MAX_LENGTH = 500;

/** A reason an admin gives: one paragraph or more, at most 500 characters; blank means none where it is optional. */
export const moderationReason = (required: string) =>
  text({ field: 'Reason', required, lines: 'multi' }).max(MODERATION_REASON_MAX_LENGTH, `Reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters`);

export const RoleSchema = z.enum(ROLES, { error: ROLE_REQUIRED });

/** `/api/admin/users/:id/...`: an id that is not a uuid names no member (404). */
export const MemberIdParams = z.object({ id: uuidParam(MEMBER_NOT_FOUND) });

/** POST /api/admin/users/<id>/roles. */
export const GrantRoleBody = z.object(
  {
    role: RoleSchema,
    reason: moderationReason('Reason must be text').nullish(),
  },
  { error: ROLE_REQUIRED },
);
export type GrantRoleBody = z.infer<typeof GrantRoleBody>;

/** DELETE /api/admin/users/<id>/roles/<role>: a body (optional; none arrives as null) may say why. */
export const RevokeRoleBody = z.object({ reason: moderationReason('Reason must be text').nullish() }).nullish();
export type RevokeRoleBody = z.infer<typeof RevokeRoleBody>;

/** A role change's answer: the member's roles after it. */
export const RoleChangeReply = z.object({ position: z.string().nullable(), userId: z.string(), roles: z.array(RoleSchema) });
export type RoleChangeReply = z.infer<typeof RoleChangeReply>;

/** How many members one page of GET /api/admin/users holds. */
export const ADMIN_MEMBERS_PAGE_SIZE = 20;
export const UNKNOWN_MEMBERS_CURSOR = 'No such member to page after';

/** GET /api/admin/users: `search` matches names and e-mails (any case, any accents); `before` is the last id of the previous page. */
export const AdminMembersQuery = z.object({
  search: queryText('Search').max(200, 'Search must be at most 200 characters').optional(),
  before: queryText('before').optional(),
});
export type AdminMembersQuery = z.infer<typeof AdminMembersQuery>;

export const AdminMemberView = z.object({
  id: z.string(),
  /** 'First Last', else the e-mail. */
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleSchema),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMemberView = z.infer<typeof AdminMemberView>;

/** Newest accounts first; `nextCursor` pages on (null on the last page). */
export const AdminMembersPage = z.object({ users: z.array(AdminMemberView), nextCursor: z.string().nullable() });
export type AdminMembersPage = z.infer<typeof AdminMembersPage>;
