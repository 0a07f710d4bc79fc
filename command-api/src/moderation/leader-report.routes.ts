import {
  FileLeaderReportBody,
  FileLeaderReportReply,
  LEADER_REPORT_NOT_FOUND,
  ReviewLeaderReportBody,
  ReviewLeaderReportReply,
  uuidParam,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { LeaderReportService } from './leader-report-service';

/** Leader reports (docs/product.md, Data and Roles): members file, the group's leaders and admins review. */
export function leaderReportRoutes(app: ZodRoutes, { leaderReports }: { leaderReports: LeaderReportService }): void {
  // Leaders are members: whether this one leads the group is the service's rule, not an access level.

  app.post(
    '/api/leader-reports',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Report another member of a group to its leaders',
        body: FileLeaderReportBody,
        response: { 201: FileLeaderReportReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const answer = await leaderReports.file(userId, request.body, idempotencyOf(request, userId, 'leader-report', request.body));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/leader-reports/:id/update',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Set a leader report\u2019s status with optional notes (the group\u2019s leader or an admin)',
        params: z.object({ id: uuidParam(LEADER_REPORT_NOT_FOUND) }),
        body: ReviewLeaderReportBody,
        response: { 200: ReviewLeaderReportReply },
      },
    },
    async (request) => leaderReports.review(memberOf(request), request.params.id, request.body),
  );
}
