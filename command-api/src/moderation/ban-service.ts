import { LAST_ADMIN_BAN, MEMBER_NOT_FOUND, blankToNull, existingId, userStream, type BanBody, type BanReply, type UnbanBody } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import type { AdminRoster } from './admin-roster';
import { banDecider } from './ban.decider';
import type { Suspensions } from './suspensions';

/** Ends every session of a member and says so, so their live sockets close (the logout path, for all their sessions). */
export interface MemberSessions {
  endAll(userId: string): Promise<void>;
}

/** Admins ban members with a reason and lift bans (issue #13 item 5). */
export class BanService {
  constructor(
    private readonly bus: CommandBus,
    private readonly roster: AdminRoster,
    private readonly sessions: MemberSessions,
    private readonly suspensions: Suspensions,
  ) {}

  /** The ban counts at once in this process, and every session of the member ends (they are signed out everywhere). */
  async ban(adminId: string, memberId: string, { reason }: BanBody): Promise<BanReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const result = await this.roster.run(userId, banDecider, { type: 'banMember', bannedBy: adminId, reason }, { actorId: adminId, refusal: LAST_ADMIN_BAN });
    this.suspensions.note(userId, reason);
    await this.sessions.endAll(userId);
    return { position: result.position, userId, isBanned: true, banReason: reason };
  }

  /** The member may sign in again (their sessions ended with the ban). */
  async unban(adminId: string, memberId: string, body: UnbanBody): Promise<BanReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const result = await this.bus.run(
      userStream(userId),
      banDecider,
      { type: 'unbanMember', unbannedBy: adminId, reason: blankToNull(body?.reason) },
      { actorId: adminId },
    );
    this.suspensions.note(userId, null);
    return { position: result.position, userId, isBanned: false, banReason: null };
  }
}
