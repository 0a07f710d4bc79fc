import type { Role } from '@civitas/events';
import { requireRole } from '@civitas/service-kit/roles';
import type { FastifyRequest } from 'fastify';
import type { QueryContext } from './viewer';

/**
 * The preValidation of an admin or auditor route: the member's roles and ban as of the request's
 * position, so a ban (or a role granted) the client has seen is in force for its next read. It runs
 * before the route's own read-your-writes wait (whoever may not read does not wait for the data),
 * so it first waits for `users` alone; a visitor is refused without waiting for anything.
 */
export const roleGate = ({ auth, readModels, reachPosition }: QueryContext, roles: readonly Role[], message?: string) =>
  async (request: FastifyRequest): Promise<void> => {
    await auth.requireUserId(request);
    await reachPosition(request, ['users']);
    await requireRole(request, auth, readModels, roles, message);
  };
