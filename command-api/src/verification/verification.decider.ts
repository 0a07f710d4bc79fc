import {
  ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT,
  COUNTRY_ALREADY_VERIFIED,
  ConflictError,
  ValidationError,
  verificationView,
  type Decider,
  type VerificationEvent,
  type VerificationState,
  type VerificationSubmitted,
} from '@civitas/events';

export type VerifyFirstNationality = { type: 'verifyFirstNationality' } & Pick<VerificationSubmitted['data'], 'verificationId' | 'userId' | 'country' | 'countryKey' | 'nationalIdSealed'>;
export type VerificationCommand = VerifyFirstNationality;

/** The verification part of `user-{id}` (its fold, verificationView, is shared): the first nationality is approved at once (DECISIONS.md). */
export const verificationDecider: Decider<VerificationCommand, VerificationEvent, VerificationState> = {
  ...verificationView,
  decide: (command, state) => {
    const { verificationId, userId, country, countryKey, nationalIdSealed } = command;
    if (state.verifications.some((verification) => verification.countryKey === countryKey && verification.status !== 'rejected')) {
      throw new ConflictError(COUNTRY_ALREADY_VERIFIED);
    }
    if (state.verifications.some((verification) => verification.status !== 'rejected')) throw new ValidationError(ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT);
    return [
      { type: 'VerificationSubmitted', data: { verificationId, userId, country, countryKey, nationalIdSealed, verificationType: 'id_number', documentImageUrl: null } },
      { type: 'VerificationApproved', data: { verificationId, userId, countryKey, reviewedBy: null } },
    ];
  },
};
