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

/** What a masked national id shows before its last four characters: a fixed mask, so it tells nothing of the id's length. */
export const NATIONAL_ID_MASK = '\u2022\u2022\u2022\u2022';

/**
 * A national id as it is shown and sent wherever it is only displayed (docs/decisions.md, Bidirectional
 * text and masked ids): a fixed mask and its last four characters, spaces and hyphens left out, e.g.
 * 'JO-4-4559812' → '•••• 9812'. Masking a masked id gives it back unchanged.
 */
export function maskNationalId(nationalId: string): string {
  return `${NATIONAL_ID_MASK} ${nationalId.replace(/[\s-]/g, '').slice(-4)}`;
}

export const VerificationStatus = z.enum(['pending', 'approved', 'rejected']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** GET /api/user/verifications item (the owner's own; its national id masked by `maskNationalId`). */
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

/** POST /api/user/verifications with a document (multipart), and the JSON first nationality: the same fields. */
export const SubmitVerificationFields = VerifyIdentityBody;
export const ADDITIONAL_NATIONALITY_SUBMITTED = 'Additional Nationality Submitted';
export const VERIFICATION_REMOVED = 'Verification Removed';
export const VERIFICATION_NOT_FOUND = 'Verification not found';
/** After a rejection only a reviewer may say yes: the same country again comes with a document. */
export const REJECTED_COUNTRY_NEEDS_DOCUMENT = 'This country was reviewed and rejected; submit it again with a document image.';

/** Document images (docs/product.md, Constants): JPG, PNG or GIF, by their content, at most 5 MB. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
export const DOCUMENT_REQUIRED = 'Please attach a document image (JPG, PNG or GIF).';
export const DOCUMENT_TOO_LARGE = 'Document image is too large (max 5 MB).';
export const DOCUMENT_NOT_AN_IMAGE = 'The document must be a JPG, PNG or GIF image.';
/** 422: an image of an accepted type the server will not decode (more pixels than it takes), or cannot. */
export const DOCUMENT_TOO_MANY_PIXELS = 'This document image has too many pixels to process. Please choose a smaller image.';
export const DOCUMENT_UNREADABLE = 'This document image could not be read. Please choose another one.';
export const DOCUMENT_NOT_FOUND = 'Document not found';
export const DOCUMENT_ERASED = 'This document is no longer available: its owner\u2019s personal data was erased.';
/** The path query-api serves a claim's document at (never a public URL). */
export const documentImagePath = (verificationId: string) => `/api/user/verifications/${verificationId}/document`;

export const RemoveVerificationReply = z.object({ position: z.string().nullable(), message: z.string() });
export type RemoveVerificationReply = z.infer<typeof RemoveVerificationReply>;

/** Admin review (docs/product.md, Rules, Admin). */
export const REJECTION_REASON_REQUIRED = 'Rejection Reason Required: Please provide a reason for rejecting this verification.';
export const REJECTION_REASON_MAX_LENGTH = 1000;
export const RejectVerificationBody = z.object({
  reason: text({ field: 'Reason', required: REJECTION_REASON_REQUIRED, lines: 'multi' })
    .min(1, REJECTION_REASON_REQUIRED)
    .max(REJECTION_REASON_MAX_LENGTH, `The reason is too long (at most ${REJECTION_REASON_MAX_LENGTH} characters).`),
});
export type RejectVerificationBody = z.infer<typeof RejectVerificationBody>;
export const VERIFICATION_ALREADY_APPROVED = 'This verification has already been approved.';
export const VERIFICATION_ALREADY_REJECTED = 'This verification has already been rejected.';
export const OWN_VERIFICATION_REVIEW = 'You cannot review your own verification.';
export const VERIFICATION_APPROVED_MESSAGE = 'Verification Approved';
export const VERIFICATION_REJECTED_MESSAGE = 'Verification Rejected';

export const ReviewVerificationReply = z.object({ position: z.string().nullable(), message: z.string(), status: VerificationStatus });
export type ReviewVerificationReply = z.infer<typeof ReviewVerificationReply>;

/** GET /api/admin/verifications item: a pending claim with what the reviewer needs (docs/product.md, Screens, Admin panel). */
export const AdminVerificationItem = z.object({
  id: z.string(),
  userId: z.string(),
  /** First plus last name when both exist, else the e-mail (docs/product.md, Screens). */
  userName: z.string(),
  country: z.string(),
  /** Null once the member's personal data is erased. */
  nationalId: z.string().nullable(),
  verificationType: VerificationType,
  documentImageUrl: z.string().nullable(),
  confirmedByLeader: z.boolean(),
  createdAt: z.string(),
});
export type AdminVerificationItem = z.infer<typeof AdminVerificationItem>;

/** Leaders of a National group (docs/product.md, States): they vouch, an admin decides. */
export const NATIONAL_LEADERS_ONLY = 'Only leaders of a National group can confirm verifications.';
export const NOT_LEADER_OF_COUNTRY = 'Only a leader of this country\u2019s National group can confirm this verification.';
export const VERIFICATION_NOT_PENDING = 'Only pending verifications can be confirmed.';

/** GET /api/leader/verifications item: no national id (the document is what a leader checks). */
export const LeaderVerificationItem = z.object({
  id: z.string(),
  /** First plus last name, or whichever exists; null for a member with no name. */
  userName: z.string().nullable(),
  country: z.string(),
  countryKey: z.string(),
  verificationType: VerificationType,
  documentImageUrl: z.string().nullable(),
  confirmedByLeader: z.boolean(),
  createdAt: z.string(),
});
export type LeaderVerificationItem = z.infer<typeof LeaderVerificationItem>;

export const ConfirmVerificationReply = z.object({ position: z.string().nullable(), confirmedByLeader: z.literal(true) });
export type ConfirmVerificationReply = z.infer<typeof ConfirmVerificationReply>;
