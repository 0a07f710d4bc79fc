import { ForbiddenError, suspendedMessage, type Role } from '@civitas/events';
import type { RoutePolicyOptions } from '@civitas/service-kit/route-policies';

/** A member's roles and ban, as their own stream says (moderation's RolesService.standingOf). */
export interface MemberStandings {
  standingOf(userId: string): Promise<{ roles: readonly Role[]; banReason: string | null; erased: boolean }>;
}

/**
 * The one place command-api decides whether a member holds a role an admin or auditor route asks
 * for (the route policy calls it before the body is read): 403 with `message` if not, 403 with the
 * ban's words for a suspended member, as service-kit's requireRole answers. Read from the member's
 * stream, not the users read model, so a role just revoked is refused at once (docs/architecture.md,
 * Where the command side reads read models).
 */
export function memberRoles(standings: MemberStandings): RoutePolicyOptions['requireRoles'] {
  return async (_request, userId, roles, message) => {
    const standing = await standings.standingOf(userId);
    // A suspended admin or auditor keeps the role on record but exercises none of it.
    if (standing.banReason !== null) throw new ForbiddenError(suspendedMessage(standing.banReason));
    if (standing.erased || !roles.some((role) => standing.roles.includes(role))) throw new ForbiddenError(message);
  };
}

/** The roles a member holds now; a suspended member holds none. */
export async function rolesOf(standings: MemberStandings, userId: string): Promise<readonly Role[]> {
  const standing = await standings.standingOf(userId);
  return standing.banReason !== null || standing.erased ? [] : standing.roles;
}
