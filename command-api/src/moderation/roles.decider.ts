import { ConflictError, MEMBER_NOT_FOUND, NotFoundError, ROLE_ALREADY_HELD, ROLE_NOT_HELD, type Decider, type Role } from '@civitas/events';
import { memberStandingView, type MemberStanding, type StandingEvent } from './member-standing.view';

export type RolesCommand =
  | { type: 'grantRole'; role: Role; grantedBy: string; reason: string | null }
  /** Revoking the admin role runs through AdminRoster, which keeps the last active admin (admin-roster.ts). */
  | { type: 'revokeRole'; role: Role; revokedBy: string; reason: string | null };

/**
 * Roles an admin grants and revokes on `user-{id}`, with who decided and why. Granting a role
 * held, or revoking one not held, is refused (409): nothing is decided, so nothing is recorded.
 */
export const rolesDecider: Decider<RolesCommand, StandingEvent, MemberStanding> = {
  ...memberStandingView,
  decide: (command, state) => {
    if (!state.userId || state.erased) throw new NotFoundError(MEMBER_NOT_FOUND);
    const { userId } = state;
    const held = state.roles.includes(command.role);
    if (command.type === 'grantRole') {
      if (held) throw new ConflictError(ROLE_ALREADY_HELD(command.role));
      return [{ type: 'UserRoleGranted', data: { userId, role: command.role, grantedBy: command.grantedBy, reason: command.reason } }];
    }
    if (!held) throw new ConflictError(ROLE_NOT_HELD(command.role));
    return [{ type: 'UserRoleRevoked', data: { userId, role: command.role, revokedBy: command.revokedBy, reason: command.reason } }];
  },
};
