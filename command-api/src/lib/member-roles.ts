import type { Role } from '@civitas/events';
import { heldRoles, refuseWithoutRoles, type RoleStanding } from '@civitas/service-kit/roles';
import type { RoutePolicyOptions } from '@civitas/service-kit/route-policies';

/** A member's roles and ban, as their own stream says (moderation's RolesService.standingOf). */
export interface MemberStandings {
  standingOf(userId: string): Promise<RoleStanding & { erased: boolean }>;
}

/**
 * The one place command-api decides whether a member holds a role an admin or auditor route asks
 * for (the route policy calls it before the body is read), by service-kit's rule for a standing.
 * Read from the member's stream, not the users read model, so a role just revoked is refused at once
 * (docs/architecture.md, Where the command side reads read models).
 */
export function memberRoles(standings: MemberStandings): RoutePolicyOptions['requireRoles'] {
  return async (_request, userId, roles, message) => refuseWithoutRoles(await standings.standingOf(userId), roles, message);
}

/** The roles a member holds now; a suspended or erased member holds none. */
export async function rolesOf(standings: MemberStandings, userId: string): Promise<readonly Role[]> {
  return heldRoles(await standings.standingOf(userId));
}
