import {
  REPORT_NOT_FOUND,
  ReviewReportBody,
  ReviewReportReply,
  ReviewSuggestionBody,
  ReviewSuggestionReply,
  SubmitReportBody,
  SubmitReportReply,
  SubmitSuggestionBody,
  SUGGESTION_NOT_FOUND,
  SubmitSuggestionReply,
  uuidParam,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { FeedbackService } from './feedback-service';

export interface FeedbackRouteOptions {
  feedback: FeedbackService;
}

/**
 * docs/product.md, Calls 'Feedback' and 'Admin'. Who may call is each route's declared access, checked
 * before the body, so a visitor hears 401 and a member on an admin route 403 whatever they send.
 */
export function feedbackRoutes(app: ZodRoutes, { feedback }: FeedbackRouteOptions): void {
  app.post(
    '/api/feedback/report',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Report content or behaviour to the administrators (starts pending)',
        body: SubmitReportBody,
        response: { 201: SubmitReportReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const answer = await feedback.submitReport(userId, request.body, idempotencyOf(request, userId, 'report', request.body));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/feedback/suggestion',
    {
      config: { access: 'member' },
      schema: {
        tags: ['moderation'],
        summary: 'Suggest an improvement of the platform (pending, priority medium)',
        body: SubmitSuggestionBody,
        response: { 201: SubmitSuggestionReply },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request);
      const answer = await feedback.submitSuggestion(userId, request.body, idempotencyOf(request, userId, 'suggestion', request.body));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/admin/reports/:id/update',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Set a report\u2019s status (any, in any order) with optional notes (admins)',
        params: z.object({ id: uuidParam(REPORT_NOT_FOUND) }),
        body: ReviewReportBody,
        response: { 200: ReviewReportReply },
      },
    },
    async (request) => feedback.reviewReport(memberOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/suggestions/:id/update',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Set a suggestion\u2019s status and priority with optional notes (admins)',
        params: z.object({ id: uuidParam(SUGGESTION_NOT_FOUND) }),
        body: ReviewSuggestionBody,
        response: { 200: ReviewSuggestionReply },
      },
    },
    async (request) => feedback.reviewSuggestion(memberOf(request), request.params.id, request.body),
  );
}
