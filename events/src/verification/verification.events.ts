import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

export const VerificationType = z.enum(['id_number', 'document']);
export type VerificationType = z.infer<typeof VerificationType>;

/**
 * `user-{id}`: a nationality claim. The national id is personal data: events carry it only
 * sealed with the member's own key (erasure deletes the key), never in clear.
 */
export const VerificationSubmitted = defineEvent(
  'VerificationSubmitted',
  z.object({
    verificationId: z.uuid(),
    userId: z.uuid(),
    /** The country's name as the shared ISO list spells it. */
    country: z.string(),
    countryKey: z.string(),
    nationalIdSealed: z.string(),
    verificationType: VerificationType,
    documentImageUrl: z.string().nullable(),
  }),
);
export const VerificationApproved = defineEvent(
  'VerificationApproved',
  z.object({
    verificationId: z.uuid(),
    userId: z.uuid(),
    countryKey: z.string(),
    /** Null when approved automatically (the first nationality). */
    reviewedBy: z.uuid().nullable(),
  }),
);
export const VerificationRejected = defineEvent(
  'VerificationRejected',
  z.object({
    verificationId: z.uuid(),
    userId: z.uuid(),
    countryKey: z.string(),
    reason: z.string(),
    reviewedBy: z.uuid(),
  }),
);

/** A leader of that country's National group vouched for a pending claim; an admin still decides. */
export const VerificationConfirmedByLeader = defineEvent(
  'VerificationConfirmedByLeader',
  z.object({
    verificationId: z.uuid(),
    userId: z.uuid(),
    countryKey: z.string(),
    leaderId: z.uuid(),
  }),
);
/** The member removed their own claim (pending, rejected or approved); its national id is released. */
export const VerificationRemoved = defineEvent(
  'VerificationRemoved',
  z.object({
    verificationId: z.uuid(),
    userId: z.uuid(),
    countryKey: z.string(),
  }),
);

/** `national-id-{keyed hash}`: which account holds a national id in a country (one account each). */
export const NationalIdReserved = defineEvent('NationalIdReserved', z.object({ userId: z.uuid() }));
export const NationalIdReleased = defineEvent('NationalIdReleased', z.object({ userId: z.uuid() }));

export type VerificationSubmitted = EventOf<typeof VerificationSubmitted>;
export type VerificationApproved = EventOf<typeof VerificationApproved>;
export type VerificationRejected = EventOf<typeof VerificationRejected>;
export type VerificationConfirmedByLeader = EventOf<typeof VerificationConfirmedByLeader>;
export type VerificationRemoved = EventOf<typeof VerificationRemoved>;
export type VerificationEvent = VerificationSubmitted | VerificationApproved | VerificationRejected | VerificationConfirmedByLeader | VerificationRemoved;
export type NationalIdReserved = EventOf<typeof NationalIdReserved>;
export type NationalIdReleased = EventOf<typeof NationalIdReleased>;
export type NationalIdEvent = NationalIdReserved | NationalIdReleased;

export const verificationEvents = [
  VerificationSubmitted,
  VerificationApproved,
  VerificationRejected,
  VerificationConfirmedByLeader,
  VerificationRemoved,
  NationalIdReserved,
  NationalIdReleased,
];
