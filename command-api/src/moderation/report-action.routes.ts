import { REPORT_NOT_FOUND, ReportActionBody, ReportActionReply, uuidParam } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { logSecurityEvent } from '@civitas/service-kit/security-log';
import { z } from 'zod';
import type { ReportActionService } from './report-action-service';

export interface ReportActionRouteOptions {
  reportActions: ReportActionService;
}

/** Admins only (declared access: a visitor hears 401, a member 403, whatever they send; then the body is checked). */
export function reportActionRoutes(app: ZodRoutes, { reportActions }: ReportActionRouteOptions): void {
  app.post(
    '/api/admin/reports/:id/action',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Act on what a report names: hide or restore the opinion or chat message, warn or ban its author, with a reason (admins)',
        params: z.object({ id: uuidParam(REPORT_NOT_FOUND) }),
        body: ReportActionBody,
        response: { 200: ReportActionReply },
      },
    },
    async (request) => {
      const answer = await reportActions.act(memberOf(request), request.params.id, request.body);
      if (answer.action === 'ban') logSecurityEvent(request, 'member_banned', { userId: answer.authorId });
      return answer;
    },
  );
}
