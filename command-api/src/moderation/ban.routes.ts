import { BanBody, BanReply, MemberIdParams, UnbanBody } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { BanService } from './ban-service';

export interface BanRouteOptions {
  bans: BanService;
}

/** Admins only (declared access: a visitor hears 401, a member 403, whatever they send). */
export function banRoutes(app: ZodRoutes, { bans }: BanRouteOptions): void {
  app.post(
    '/api/admin/users/:id/ban',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Ban a member with a reason: their commands are refused and their sessions end (admins)',
        params: MemberIdParams,
        body: BanBody,
        response: { 200: BanReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const answer = await bans.ban(adminId, request.params.id, request.body);
      logSecurityEvent(request, 'member_banned', { userId: answer.userId });
      return answer;
    },
  );

  app.post(
    '/api/admin/users/:id/unban',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Lift a ban, with an optional reason: the member may sign in again (admins)',
        params: MemberIdParams,
        body: UnbanBody,
        response: { 200: BanReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const answer = await bans.unban(adminId, request.params.id, request.body);
      logSecurityEvent(request, 'member_unbanned', { userId: answer.userId });
      return answer;
    },
  );
}
