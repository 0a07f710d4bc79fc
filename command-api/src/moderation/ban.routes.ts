import { BanBody, BanReply, MemberIdParams, UnbanBody } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { Kysely } from 'kysely';
import type { BanService } from './ban-service';
import { adminOnly } from './roles.routes';

export interface BanRouteOptions {
  bans: BanService;
  auth: SessionAuth;
  readModels: Kysely<ReadModels>;
}

export function banRoutes(app: ZodRoutes, { bans, auth, readModels }: BanRouteOptions): void {
  const admins = adminOnly(auth, readModels);

  app.post('/api/admin/users/:id/ban', {
    preValidation: admins,
    schema: { tags: ['moderation'], summary: 'Ban a member with a reason: their commands are refused and their sessions end (admins)', params: MemberIdParams, body: BanBody, response: { 200: BanReply } },
  }, async (request) => {
    const adminId = await auth.requireUserId(request);
    const answer = await bans.ban(adminId, request.params.id, request.body);
    logSecurityEvent(request, 'member_banned', { userId: answer.userId });
    return answer;
  });

  app.post('/api/admin/users/:id/unban', {
    preValidation: admins,
    schema: { tags: ['moderation'], summary: 'Lift a ban, with an optional reason: the member may sign in again (admins)', params: MemberIdParams, body: UnbanBody, response: { 200: BanReply } },
  }, async (request) => {
    const adminId = await auth.requireUserId(request);
    const answer = await bans.unban(adminId, request.params.id, request.body);
    logSecurityEvent(request, 'member_unbanned', { userId: answer.userId });
    return answer;
  });
}
