import { LAST_ADMIN, MEMBER_NOT_FOUND, blankToNull, existingId, userStream, type GrantRoleBody, type Role, type RoleChangeReply } from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import type { AdminRoster } from './admin-roster';
import { memberStandingView, type MemberStanding } from './member-standing.view';
import { rolesDecider } from './roles.decider';

/** Admins grant and revoke the `admin` and `auditor` roles (issue #13 item 5); each change is an event naming who and why. */
export class RolesService {
  constructor(
    private readonly bus: CommandBus,
    private readonly roster: AdminRoster,
  ) {}

  /** A member's roles and ban as their own stream says (lib/member-roles.ts's MemberStandings): never behind a change. */
  async standingOf(userId: string): Promise<MemberStanding> {
    return (await this.bus.load(userStream(userId), memberStandingView)).state;
  }

  async grant(adminId: string, memberId: string, { role, reason }: GrantRoleBody): Promise<RoleChangeReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const result = await this.bus.run(
      userStream(userId),
      rolesDecider,
      { type: 'grantRole', role, grantedBy: adminId, reason: blankToNull(reason) },
      { actorId: adminId },
    );
    return { position: result.position, userId, roles: result.state.roles };
  }

  async revoke(adminId: string, memberId: string, role: Role, reason: string | null | undefined): Promise<RoleChangeReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const result = await this.roster.run(
      userId,
      rolesDecider,
      { type: 'revokeRole', role, revokedBy: adminId, reason: blankToNull(reason) },
      { actorId: adminId, refusal: LAST_ADMIN },
    );
    return { position: result.position, userId, roles: result.state.roles };
  }
}
