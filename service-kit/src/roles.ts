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

/** What decides whether a member exercises a role: the roles on record, a ban, an erasure. */
export interface RoleStanding {
  roles: readonly Role[];
  /** The ban's reason while suspended, else null. */
  banReason: string | null;
  erased?: boolean;
}

/** The roles a standing exercises: none while suspended or once erased (the roles stay on record). */
export const heldRoles = (standing: RoleStanding): readonly Role[] => (standing.banReason !== null || standing.erased ? [] : standing.roles);

/** Refuses, 403, a standing that exercises none of `roles`: with the ban's words for a suspended member, else `message`. */
export function refuseWithoutRoles(standing: RoleStanding, roles: readonly Role[], message: string): void {
  if (standing.banReason !== null) throw new ForbiddenError(suspendedMessage(standing.banReason));
  if (!heldRoles(standing).some((role) => roles.includes(role))) throw new ForbiddenError(message);
}

/** The member's roles and ban, from the `users` read model (roles change seldom; a session exists only after its account's events). */
// Raw SQL naming its schema: the `users` row type is the projector's, which service-kit does not import.
async function standingOf(readModels: QueryExecutorProvider, userId: string): Promise<RoleStanding> {
  const row = (await sql<Standing>`select roles, is_banned, ban_reason from ${sql.id(READ_SCHEMA, 'users')} where id = ${userId}`.execute(readModels)).rows[0];
  if (!row) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
  return { roles: row.roles, banReason: row.is_banned ? (row.ban_reason ?? '') : null };
}

/** The roles a member holds now, as the read model says; a suspended member holds none. */
export async function rolesOf(readModels: QueryExecutorProvider, userId: string): Promise<readonly Role[]> {
  return heldRoles(await standingOf(readModels, userId));
}

/**
 * The signed-in member if they hold one of `roles`: 401 for a visitor, 403 for anyone else. The query
 * side's role check (query-api/src/lib/role-gate.ts); the command side reads the member's stream.
 */
export async function requireRole(
  request: FastifyRequest,
  auth: SessionAuth,
  readModels: QueryExecutorProvider,
  roles: readonly Role[],
  message = ADMINS_ONLY,
): Promise<string> {
  const userId = await auth.requireUserId(request);
  refuseWithoutRoles(await standingOf(readModels, userId), roles, message);
  return userId;
}
