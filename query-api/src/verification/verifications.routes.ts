import { VerificationView, maskNationalId } from '@civitas/events';
import type { ReadModelRow } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { iso } from '../lib/iso';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Kysely } from 'kysely';
import type { QueryContext } from '../lib/viewer';
import { adminVerificationsRoutes } from './admin-verifications.routes';
import { verificationDocumentRoutes } from './verification-document.routes';

function toVerificationView(row: ReadModelRow<'user_verifications'>): VerificationView {
  return {
    id: row.id,
    userId: row.user_id,
    country: row.country,
    // Masked: the member's own list shows countries, not ids (docs/decisions.md, Bidirectional text and masked ids).
    nationalId: row.national_id ? maskNationalId(row.national_id) : null,
    documentImageUrl: row.document_image_url,
    verificationType: row.verification_type,
    status: row.status,
    isVerified: row.is_verified,
    confirmedByLeader: row.confirmed_by_leader,
    verifiedAt: iso(row.verified_at),
    reviewedAt: iso(row.reviewed_at),
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** docs/product.md, Calls, 'Verification' and 'Admin' (reads): my claims, their documents, the review queues. */
export function verificationsRoutes(app: ZodRoutes, context: QueryContext & { db: Kysely<PlatformDatabase> }): void {
  const { readModels } = context;
  app.get(
    '/api/user/verifications',
    {
      config: { access: 'member', readModels: ['user_verifications'] },
      schema: {
        tags: ['verification'],
        summary: 'My nationality verifications (national ids masked to their last four characters)',
        response: { 200: z.array(VerificationView) },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const rows = await readModels.selectFrom('user_verifications').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
      return rows.map(toVerificationView);
    },
  );
  verificationDocumentRoutes(app, context);
  adminVerificationsRoutes(app, context);
}
