import { ForbiddenError, ServiceUnavailableError, suspendedMessage, type Role } from '@civitas/events';
import type { FastifyRequest } from 'fastify';
import { sql, type QueryExecutorProvider } from 'kysely';
import { READ_SCHEMA } from './read-models';
import type { SessionAuth } from './session-auth';

export const ADMINS_ONLY = 'Admin access required';
export const AUDITORS_ONLY = 'Auditor or admin access required';

interface Standing {
  roles: Role[];
  is_banned: boolean;
  ban_reason: string | null;
}

/** The member's roles and ban, from the `users` read model (roles change seldom; a session exists only after its account's events). */
// Raw SQL naming its schema: the `users` row type is the projector's, which service-kit does not import.
async function standingOf(readModels: QueryExecutorProvider, userId: string): Promise<Standing> {
  const row = (await sql<Standing>`select roles, is_banned, ban_reason from ${sql.id(READ_SCHEMA, 'users')} where id = ${userId}`.execute(readModels)).rows[0];
  if (!row) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
  return row;
}

/** The roles a member holds now; a suspended member holds none. */
export async function rolesOf(readModels: QueryExecutorProvider, userId: string): Promise<Role[]> {
  const standing = await standingOf(readModels, userId);
  return standing.is_banned ? [] : standing.roles;
}

/**
 * The signed-in member if they hold one of `roles`: 401 for a visitor, 403 for anyone else.
 * Every admin or auditor route, on either side, starts here.
 */
export async function requireRole(
  request: FastifyRequest,
  auth: SessionAuth,
  readModels: QueryExecutorProvider,
  roles: readonly Role[],
  message = ADMINS_ONLY,
): Promise<string> {
  const userId = await auth.requireUserId(request);
  const standing = await standingOf(readModels, userId);
  // A suspended admin or auditor keeps the role on record but exercises none of it.
  if (standing.is_banned) throw new ForbiddenError(suspendedMessage(standing.ban_reason ?? ''));
  if (!roles.some((role) => standing.roles.includes(role))) throw new ForbiddenError(message);
  return userId;
}

export const requireAdmin = (request: FastifyRequest, auth: SessionAuth, readModels: QueryExecutorProvider) =>
  requireRole(request, auth, readModels, ['admin']);
