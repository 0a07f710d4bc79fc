import { z } from 'zod';
import { text } from '../text';
import { VerificationType } from './verification.events';

export const NATIONAL_ID_MIN_LENGTH = 5;
export const NATIONAL_ID_MAX_LENGTH = 64;

/** POST /api/user/verify: the simple identity verification (first nationality, approved at once). */
export const VerifyIdentityBody = z.object({
  country: text({ field: 'Country', required: 'Please select a country' }).min(1, 'Please select a country'),
  nationalId: text({ field: 'National ID', required: 'National ID must be at least 5 characters' })
    .min(NATIONAL_ID_MIN_LENGTH, 'National ID must be at least 5 characters')
    .max(NATIONAL_ID_MAX_LENGTH, 'National ID is too long'),
});
export type VerifyIdentityBody = z.infer<typeof VerifyIdentityBody>;

export const VerificationStatus = z.enum(['pending', 'approved', 'rejected']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** GET /api/user/verifications item (the owner's own: it carries the national id). */
export const VerificationView = z.object({
  id: z.string(),
  userId: z.string(),
  country: z.string(),
  nationalId: z.string().nullable(),
  documentImageUrl: z.string().nullable(),
  verificationType: VerificationType,
  status: VerificationStatus,
  isVerified: z.boolean(),
  confirmedByLeader: z.boolean(),
  verifiedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VerificationView = z.infer<typeof VerificationView>;

export const VerifyIdentityReply = z.object({ position: z.string().nullable(), message: z.string(), verification: VerificationView });
export type VerifyIdentityReply = z.infer<typeof VerifyIdentityReply>;

export const COUNTRY_ALREADY_VERIFIED = 'Country Already Verified';
export const NATIONAL_ID_TAKEN = 'This national ID is already verified for another account.';
export const ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT = 'Additional nationalities require a document image; use the nationality verification manager.';
export const UNKNOWN_COUNTRY = 'Please select a country from the list';
