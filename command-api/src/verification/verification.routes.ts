import multipart from '@fastify/multipart';
import {
  ADDITIONAL_NATIONALITY_SUBMITTED,
  ConfirmVerificationReply,
  RejectVerificationBody,
  RemoveVerificationReply,
  ReviewVerificationReply,
  VERIFICATION_APPROVED_MESSAGE,
  VERIFICATION_NOT_FOUND,
  VERIFICATION_REJECTED_MESSAGE,
  VERIFICATION_REMOVED,
  VerifyIdentityBody,
  VerifyIdentityReply,
  documentImagePath,
  maskNationalId,
  uuidParam,
  type VerificationView,
} from '@civitas/events';
import { zodRoutes, type ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { SubmittedClaim, VerificationService } from './verification-service';
import { UPLOAD_LIMITS, readVerificationSubmission } from './verification-upload';

export const VERIFICATION_COMPLETE = 'Verification Complete';

interface VerificationRouteOptions {
  verification: VerificationService;
}

const IdParams = z.object({ id: uuidParam(VERIFICATION_NOT_FOUND) });

/** The claim as GET /api/user/verifications will list it, for the member who just made it. */
function claimView(userId: string, nationalId: string, claim: SubmittedClaim, withDocument: boolean): VerificationView {
  const { verificationId: id, country, at } = claim;
  return {
    id,
    userId,
    country,
    nationalId: maskNationalId(nationalId),
    documentImageUrl: withDocument ? documentImagePath(id) : null,
    verificationType: withDocument ? 'document' : 'id_number',
    status: withDocument ? 'pending' : 'approved',
    isVerified: !withDocument,
    confirmedByLeader: false,
    verifiedAt: withDocument ? null : at,
    reviewedAt: null,
    rejectionReason: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** docs/product.md, Calls, 'Verification' and 'Admin': members' claims, admins' reviews, leaders' confirmations. */
export function verificationRoutes(app: ZodRoutes, { verification }: VerificationRouteOptions): void {
  app.post(
    '/api/user/verify',
    {
      config: { access: 'member' },
      schema: {
        tags: ['verification'],
        summary: 'Verify a first nationality by national id (approved at once)',
        body: VerifyIdentityBody,
        response: { 200: VerifyIdentityReply },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const { country, nationalId } = request.body;
      const idempotency = idempotencyOf(request, userId, 'first-nationality', verification.claimMeaning(country, nationalId, null));
      const claim = await verification.verifyFirstNationality(userId, country, nationalId, idempotency);
      return { position: claim.position, message: VERIFICATION_COMPLETE, verification: claimView(userId, request.body.nationalId, claim, false) };
    },
  );

  // Multipart is parsed only inside this scope, so no other route accepts an upload.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
    zodRoutes(scope).post(
      '/api/user/verifications',
      {
        config: { access: 'member', allowMultipart: true },
        schema: {
          tags: ['verification'],
          summary: 'Claim a nationality: JSON {country, nationalId} for the first (approved at once), multipart with documentImage for any other (pending)',
          response: { 201: VerifyIdentityReply },
        },
      },
      async (request, reply) => {
        const userId = memberOf(request);
        const { country, nationalId, document } = await readVerificationSubmission(request);
        // Either form is one command: the same key with the other form (or another claim) is another request (422).
        const idempotency = idempotencyOf(request, userId, 'nationality-claim', verification.claimMeaning(country, nationalId, document));
        const claim = document
          ? await verification.submitWithDocument(userId, country, nationalId, document, idempotency)
          : await verification.verifyFirstNationality(userId, country, nationalId, idempotency);
        reply.status(201);
        return {
          position: claim.position,
          message: document ? ADDITIONAL_NATIONALITY_SUBMITTED : VERIFICATION_COMPLETE,
          verification: claimView(userId, nationalId, claim, document !== null),
        };
      },
    );
  });

  app.delete(
    '/api/user/verifications/:id',
    {
      config: { access: 'member' },
      schema: { tags: ['verification'], summary: 'Remove one of my nationality verifications', params: IdParams, response: { 200: RemoveVerificationReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const position = await verification.remove(userId, request.params.id);
      return { position, message: VERIFICATION_REMOVED };
    },
  );

  app.post(
    '/api/admin/verifications/:id/approve',
    {
      // Admin routes refuse members (403) and visitors (401) before the body is even looked at.
      config: { access: 'admin' },
      schema: {
        tags: ['verification', 'admin'],
        summary: 'Approve a pending nationality verification',
        params: IdParams,
        response: { 200: ReviewVerificationReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const position = await verification.approve(adminId, request.params.id);
      return { position, message: VERIFICATION_APPROVED_MESSAGE, status: 'approved' as const };
    },
  );

  app.post(
    '/api/admin/verifications/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['verification', 'admin'],
        summary: 'Reject a pending nationality verification with a reason',
        params: IdParams,
        body: RejectVerificationBody,
        response: { 200: ReviewVerificationReply },
      },
    },
    async (request) => {
      const adminId = memberOf(request);
      const position = await verification.reject(adminId, request.params.id, request.body.reason);
      return { position, message: VERIFICATION_REJECTED_MESSAGE, status: 'rejected' as const };
    },
  );

  app.post(
    '/api/leader/verifications/:id/confirm',
    {
      config: { access: 'member' },
      schema: {
        tags: ['verification'],
        summary: 'As a leader of its country\u2019s National group, vouch for a pending verification',
        params: IdParams,
        response: { 200: ConfirmVerificationReply },
      },
    },
    async (request) => {
      const leaderId = memberOf(request);
      const position = await verification.confirmAsLeader(leaderId, request.params.id);
      return { position, confirmedByLeader: true as const };
    },
  );
}
