import { ALREADY_BANNED, ConflictError, ForbiddenError, MEMBER_NOT_FOUND, NOT_BANNED, NO_SELF_BAN, NotFoundError, type Decider } from '@civitas/events';
import { memberStandingView, type MemberStanding, type StandingEvent } from './member-standing.view';

export type BanCommand =
  /** Banning runs through AdminRoster, which keeps the last active admin (admin-roster.ts). */
  { type: 'banMember'; bannedBy: string; reason: string } | { type: 'unbanMember'; unbannedBy: string; reason: string | null };

/** Bans on `user-{id}`: an admin suspends a member with a reason, and lifts it. */
export const banDecider: Decider<BanCommand, StandingEvent, MemberStanding> = {
  ...memberStandingView,
  decide: (command, state) => {
    if (!state.userId || state.erased) throw new NotFoundError(MEMBER_NOT_FOUND);
    const { userId } = state;
    if (command.type === 'banMember') {
      if (command.bannedBy === userId) throw new ForbiddenError(NO_SELF_BAN);
      if (state.banReason !== null) throw new ConflictError(ALREADY_BANNED);
      return [{ type: 'UserBanned', data: { userId, reason: command.reason, bannedBy: command.bannedBy } }];
    }
    if (state.banReason === null) throw new ConflictError(NOT_BANNED);
    return [{ type: 'UserUnbanned', data: { userId, reason: command.reason, unbannedBy: command.unbannedBy } }];
  },
};
