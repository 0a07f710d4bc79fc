import {
  ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT,
  COUNTRY_ALREADY_VERIFIED,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OWN_VERIFICATION_REVIEW,
  REJECTED_COUNTRY_NEEDS_DOCUMENT,
  VERIFICATION_ALREADY_APPROVED,
  VERIFICATION_ALREADY_REJECTED,
  VERIFICATION_NOT_FOUND,
  VERIFICATION_NOT_PENDING,
  ValidationError,
  verificationView,
  type Decider,
  type VerificationClaim,
  type VerificationEvent,
  type VerificationState,
  type VerificationSubmitted,
} from '@civitas/events';

type Claim = Pick<VerificationSubmitted['data'], 'verificationId' | 'userId' | 'country' | 'countryKey' | 'nationalIdSealed'>;
export type VerifyFirstNationality = { type: 'verifyFirstNationality' } & Claim;
export type SubmitWithDocument = { type: 'submitWithDocument'; documentImageUrl: string } & Claim;
export type RemoveVerification = { type: 'removeVerification'; verificationId: string; userId: string };
export type ApproveVerification = { type: 'approveVerification'; verificationId: string; userId: string; reviewedBy: string };
export type RejectVerification = { type: 'rejectVerification'; verificationId: string; userId: string; reviewedBy: string; reason: string };
export type ConfirmVerification = { type: 'confirmVerification'; verificationId: string; userId: string; leaderId: string };
export type VerificationCommand =
  VerifyFirstNationality | SubmitWithDocument | RemoveVerification | ApproveVerification | RejectVerification | ConfirmVerification;

/** One live claim per country: a pending or approved one blocks another (a rejected one may be claimed again). */
function refuseClaimedCountry(state: VerificationState, countryKey: string): void {
  if (state.verifications.some((verification) => verification.countryKey === countryKey && verification.status !== 'rejected')) {
    throw new ConflictError(COUNTRY_ALREADY_VERIFIED);
  }
}

function claimOf(state: VerificationState, verificationId: string): VerificationClaim {
  const claim = state.verifications.find((verification) => verification.id === verificationId);
  if (!claim) throw new NotFoundError(VERIFICATION_NOT_FOUND);
  return claim;
}

/** A decision is taken once: an approved or rejected claim is not reviewed again. */
function pendingClaim(state: VerificationState, verificationId: string, userId: string, reviewedBy: string): VerificationClaim {
  const claim = claimOf(state, verificationId);
  if (reviewedBy === userId) throw new ForbiddenError(OWN_VERIFICATION_REVIEW);
  if (claim.status === 'approved') throw new ConflictError(VERIFICATION_ALREADY_APPROVED);
  if (claim.status === 'rejected') throw new ConflictError(VERIFICATION_ALREADY_REJECTED);
  return claim;
}

/**
 * The verification part of `user-{id}` (its fold, verificationView, is shared). The first
 * nationality is approved at once; every other claim comes with a document and waits for an
 * admin, whom a leader of that country's National group may vouch to (docs/product.md, States).
 */
export const verificationDecider: Decider<VerificationCommand, VerificationEvent, VerificationState> = {
  ...verificationView,
  decide: (command, state) => {
    switch (command.type) {
      case 'verifyFirstNationality': {
        const { verificationId, userId, country, countryKey, nationalIdSealed } = command;
        refuseClaimedCountry(state, countryKey);
        // Any other claim, even a rejected one, makes this one an additional nationality.
        if (state.verifications.length > 0) throw new ValidationError(ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT);
        if (state.rejectedCountryKeys.includes(countryKey)) throw new ValidationError(REJECTED_COUNTRY_NEEDS_DOCUMENT);
        return [
          {
            type: 'VerificationSubmitted',
            data: { verificationId, userId, country, countryKey, nationalIdSealed, verificationType: 'id_number', documentImageUrl: null },
          },
          { type: 'VerificationApproved', data: { verificationId, userId, countryKey, reviewedBy: null } },
        ];
      }
      case 'submitWithDocument': {
        const { verificationId, userId, country, countryKey, nationalIdSealed, documentImageUrl } = command;
        refuseClaimedCountry(state, countryKey);
        return [
          {
            type: 'VerificationSubmitted',
            data: { verificationId, userId, country, countryKey, nationalIdSealed, verificationType: 'document', documentImageUrl },
          },
        ];
      }
      case 'removeVerification': {
        const { countryKey } = claimOf(state, command.verificationId);
        return [{ type: 'VerificationRemoved', data: { verificationId: command.verificationId, userId: command.userId, countryKey } }];
      }
      case 'approveVerification': {
        const { countryKey } = pendingClaim(state, command.verificationId, command.userId, command.reviewedBy);
        return [
          {
            type: 'VerificationApproved',
            data: { verificationId: command.verificationId, userId: command.userId, countryKey, reviewedBy: command.reviewedBy },
          },
        ];
      }
      case 'rejectVerification': {
        const { countryKey } = pendingClaim(state, command.verificationId, command.userId, command.reviewedBy);
        const { verificationId, userId, reviewedBy, reason } = command;
        return [{ type: 'VerificationRejected', data: { verificationId, userId, countryKey, reason, reviewedBy } }];
      }
      case 'confirmVerification': {
        const claim = claimOf(state, command.verificationId);
        if (command.leaderId === command.userId) throw new ForbiddenError(OWN_VERIFICATION_REVIEW);
        if (claim.status !== 'pending') throw new ConflictError(VERIFICATION_NOT_PENDING);
        // Vouching twice says nothing new.
        if (claim.confirmedByLeader) return [];
        return [
          {
            type: 'VerificationConfirmedByLeader',
            data: { verificationId: command.verificationId, userId: command.userId, countryKey: claim.countryKey, leaderId: command.leaderId },
          },
        ];
      }
    }
  },
};
