import { z } from 'zod';
import { ForbiddenError } from '../errors';
import { moderationReason } from './roles.contract';

// Bans (docs/product.md, Roles: a banned member reads, but every command answers 403 "Your account is suspended: <reason>").
export const BAN_REASON_REQUIRED = 'Please give a reason for the ban.';
export const NO_SELF_BAN = 'You cannot ban yourself.';
export const LAST_ADMIN_BAN = 'The last admin cannot be banned: grant the admin role to someone else first.';
export const ALREADY_BANNED = 'This member is already banned.';
export const NOT_BANNED = 'This member is not banned.';

export const suspendedMessage = (reason: string) => `Your account is suspended: ${reason}`;

/** What a banned member hears on every command and at sign-in. */
export class AccountSuspendedError extends ForbiddenError {
  constructor(readonly reason: string) {
    super(suspendedMessage(reason));
  }
}

/** POST /api/admin/users/<id>/ban: the reason is required (the member is told it). */
export const BanBody = z.object({ reason: moderationReason(BAN_REASON_REQUIRED).min(1, BAN_REASON_REQUIRED) }, { error: BAN_REASON_REQUIRED });
export type BanBody = z.infer<typeof BanBody>;

/** POST /api/admin/users/<id>/unban: a reason is welcome, not required. */
export const UnbanBody = z.object({ reason: moderationReason('Reason must be text').nullish() }).nullish();
export type UnbanBody = z.infer<typeof UnbanBody>;

export const BanReply = z.object({ position: z.string().nullable(), userId: z.string(), isBanned: z.boolean(), banReason: z.string().nullable() });
export type BanReply = z.infer<typeof BanReply>;
