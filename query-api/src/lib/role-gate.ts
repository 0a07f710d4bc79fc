import type { RoutePolicyOptions } from '@civitas/service-kit/route-policies';
import { requireRole } from '@civitas/service-kit/roles';
import type { QueryContext } from './viewer';

/**
 * The query side's role check for admin and auditor routes (service-kit route-policies.ts,
 * docs/decisions.md, Route policies): the member's roles and ban as of the request's position, so a
 * ban (or a role granted) the client has seen is in force for its next read. It runs before the
 * route's own read-your-writes wait (whoever may not read does not wait for the data), so it waits
 * for `users` alone.
 */
export const roleGate =
  ({ auth, readModels, reachPosition }: QueryContext): RoutePolicyOptions['requireRoles'] =>
  async (request, _userId, roles, message) => {
    await reachPosition(request, ['users']);
    await requireRole(request, auth, readModels, roles, message);
  };
