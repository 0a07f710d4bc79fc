import { VerifyIdentityBody, VerifyIdentityReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { VerificationService } from './verification-service';

export const VERIFICATION_COMPLETE = 'Verification Complete';

export function verificationRoutes(app: ZodRoutes, { verification, auth }: { verification: VerificationService; auth: SessionAuth }): void {
  app.post('/api/user/verify', {
    schema: {
      tags: ['verification'],
      summary: 'Verify a first nationality by national id (approved at once)',
      body: VerifyIdentityBody,
      response: { 200: VerifyIdentityReply },
    },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const { verificationId, country, verifiedAt: at, position } = await verification.verifyFirstNationality(userId, request.body.country, request.body.nationalId);
    return {
      position,
      message: VERIFICATION_COMPLETE,
      verification: {
        id: verificationId, userId, country, nationalId: request.body.nationalId, documentImageUrl: null, verificationType: 'id_number' as const,
        status: 'approved' as const, isVerified: true, confirmedByLeader: false, verifiedAt: at, reviewedAt: null, rejectionReason: null, createdAt: at, updatedAt: at,
      },
    };
  });
}
