import { GrantRoleBody, MemberIdParams, RevokeRoleBody, RoleChangeReply, RoleSchema } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { RolesService } from './roles-service';

export interface RolesRouteOptions {
  roles: RolesService;
}

/** Admins only (declared access: a visitor hears 401, a member 403, whatever they send). */
export function rolesRoutes(app: ZodRoutes, { roles }: RolesRouteOptions): void {
  app.post(
    '/api/admin/users/:id/roles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Grant a member the admin or auditor role, with an optional reason (admins)',
        params: MemberIdParams,
        body: GrantRoleBody,
        response: { 200: RoleChangeReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const answer = await roles.grant(adminId, request.params.id, request.body);
      logSecurityEvent(request, 'role_granted', { userId: answer.userId, reason: request.body.role });
      return answer;
    },
  );

  app.delete(
    '/api/admin/users/:id/roles/:role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Revoke a role; the last admin cannot lose theirs (admins)',
        params: MemberIdParams.extend({ role: RoleSchema }),
        body: RevokeRoleBody,
        response: { 200: RoleChangeReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const answer = await roles.revoke(adminId, request.params.id, request.params.role, request.body?.reason);
      logSecurityEvent(request, 'role_revoked', { userId: answer.userId, reason: request.params.role });
      return answer;
    },
  );
}
