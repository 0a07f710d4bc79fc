import { FileLeaderReportBody, FileLeaderReportReply, LEADER_REPORT_NOT_FOUND, ReviewLeaderReportBody, ReviewLeaderReportReply, uuidParam } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import { withRetryAfter } from './feedback.routes';
import type { LeaderReportService } from './leader-report-service';

/** Leader reports (docs/product.md, Data and Roles): members file, the group's leaders and admins review. */
export function leaderReportRoutes(app: ZodRoutes, { leaderReports, auth }: { leaderReports: LeaderReportService; auth: SessionAuth }): void {
  const signedIn = async (request: FastifyRequest) => void (await auth.requireUserId(request));

  app.post('/api/leader-reports', {
    preValidation: signedIn,
    schema: { tags: ['moderation'], summary: 'Report another member of a group to its leaders', body: FileLeaderReportBody, response: { 201: FileLeaderReportReply } },
  }, async (request, reply) => {
    const userId = await auth.requireUserId(request);
    const answer = await withRetryAfter(reply, () => leaderReports.file(userId, request.body, idempotencyOf(request, userId, 'leader-report', request.body)));
    return reply.status(201).send(answer);
  });

  app.post('/api/leader-reports/:id/update', {
    preValidation: signedIn,
    schema: {
      tags: ['moderation'], summary: 'Set a leader report\u2019s status with optional notes (the group\u2019s leader or an admin)',
      params: z.object({ id: uuidParam(LEADER_REPORT_NOT_FOUND) }), body: ReviewLeaderReportBody, response: { 200: ReviewLeaderReportReply },
    },
  }, async (request) => leaderReports.review(await auth.requireUserId(request), request.params.id, request.body));
}
