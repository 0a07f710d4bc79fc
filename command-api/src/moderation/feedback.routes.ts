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
import type { ReadModels } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { requireAdmin } from '@civitas/service-kit/roles';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import { FeedbackRateLimitedError, type FeedbackService } from './feedback-service';

export interface FeedbackRouteOptions {
  feedback: FeedbackService;
  auth: SessionAuth;
  readModels: Kysely<ReadModels>;
}

/** Says when the member may send again, then lets the error handler answer 429. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FeedbackRateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * docs/product.md, Calls 'Feedback' and 'Admin'. Who may call is checked before the body (preValidation),
 * so a visitor hears 401 and a member on an admin route 403 whatever they send.
 */
export function feedbackRoutes(app: ZodRoutes, { feedback, auth, readModels }: FeedbackRouteOptions): void {
  const signedIn = async (request: FastifyRequest) => void (await auth.requireUserId(request));
  const adminOnly = async (request: FastifyRequest) => void (await requireAdmin(request, auth, readModels));

  app.post('/api/feedback/report', {
    preValidation: signedIn,
    schema: { tags: ['moderation'], summary: 'Report content or behaviour to the administrators (starts pending)', body: SubmitReportBody, response: { 201: SubmitReportReply } },
  }, async (request, reply) => {
    const userId = await auth.requireUserId(request);
    const answer = await withRetryAfter(reply, () => feedback.submitReport(userId, request.body, idempotencyOf(request, userId, 'report', request.body)));
    return reply.status(201).send(answer);
  });

  app.post('/api/feedback/suggestion', {
    preValidation: signedIn,
    schema: { tags: ['moderation'], summary: 'Suggest an improvement of the platform (pending, priority medium)', body: SubmitSuggestionBody, response: { 201: SubmitSuggestionReply } },
  }, async (request, reply) => {
    const userId = await auth.requireUserId(request);
    const answer = await withRetryAfter(reply, () => feedback.submitSuggestion(userId, request.body, idempotencyOf(request, userId, 'suggestion', request.body)));
    return reply.status(201).send(answer);
  });

  app.post('/api/admin/reports/:id/update', {
    preValidation: adminOnly,
    schema: { tags: ['moderation'], summary: 'Set a report\u2019s status (any, in any order) with optional notes (admins)', params: z.object({ id: uuidParam(REPORT_NOT_FOUND) }), body: ReviewReportBody, response: { 200: ReviewReportReply } },
  }, async (request) => feedback.reviewReport(await auth.requireUserId(request), request.params.id, request.body));

  app.post('/api/admin/suggestions/:id/update', {
    preValidation: adminOnly,
    schema: { tags: ['moderation'], summary: 'Set a suggestion\u2019s status and priority with optional notes (admins)', params: z.object({ id: uuidParam(SUGGESTION_NOT_FOUND) }), body: ReviewSuggestionBody, response: { 200: ReviewSuggestionReply } },
  }, async (request) => feedback.reviewSuggestion(await auth.requireUserId(request), request.params.id, request.body));
}
