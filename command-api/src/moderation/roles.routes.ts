import { GrantRoleBody, MemberIdParams, RevokeRoleBody, RoleChangeReply, RoleSchema } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import { requireAdmin } from '@civitas/service-kit/roles';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { RolesService } from './roles-service';

export interface RolesRouteOptions {
  roles: RolesService;
  auth: SessionAuth;
  readModels: Kysely<ReadModels>;
}

/** Admins only; who may call is checked before the body (preValidation): a visitor hears 401, a member 403, whatever they send. */
export const adminOnly = (auth: SessionAuth, readModels: Kysely<ReadModels>) => async (request: FastifyRequest) => void (await requireAdmin(request, auth, readModels));

export function rolesRoutes(app: ZodRoutes, { roles, auth, readModels }: RolesRouteOptions): void {
  const admins = adminOnly(auth, readModels);

  app.post('/api/admin/users/:id/roles', {
    preValidation: admins,
    schema: { tags: ['moderation'], summary: 'Grant a member the admin or auditor role, with an optional reason (admins)', params: MemberIdParams, body: GrantRoleBody, response: { 200: RoleChangeReply } },
  }, async (request) => {
    const adminId = await auth.requireUserId(request);
    const answer = await roles.grant(adminId, request.params.id, request.body);
    logSecurityEvent(request, 'role_granted', { userId: answer.userId, reason: request.body.role });
    return answer;
  });

  app.delete('/api/admin/users/:id/roles/:role', {
    preValidation: admins,
    schema: {
      tags: ['moderation'], summary: 'Revoke a role; the last admin cannot lose theirs (admins)',
      params: MemberIdParams.extend({ role: RoleSchema }), body: RevokeRoleBody, response: { 200: RoleChangeReply },
    },
  }, async (request) => {
    const adminId = await auth.requireUserId(request);
    const answer = await roles.revoke(adminId, request.params.id, request.params.role, request.body?.reason);
    logSecurityEvent(request, 'role_revoked', { userId: answer.userId, reason: request.params.role });
    return answer;
  });
}
