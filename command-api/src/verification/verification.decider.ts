import {
  ADDITIONAL_NATIONALITY_NEEDS_DOCUMENT,
  COUNTRY_ALREADY_VERIFIED,
  ConflictError,
  ValidationError,
  type Decider,
  type VerificationEvent,
  type VerificationStatus,
} from '@civitas/events';

export type VerifyFirstNationality = {
  type: 'verifyFirstNationality';
  verificationId: string;
  userId: string;
  country: string;
  countryKey: string;
  nationalIdSealed: string;
};
export type VerificationCommand = VerifyFirstNationality;

export interface VerificationState {
  verifications: Array<{ id: string; countryKey: string; status: VerificationStatus }>;
}

export const verifiedCountryKeys = (state: VerificationState) =>
  state.verifications.filter((verification) => verification.status === 'approved').map((verification) => verification.countryKey);

/** The verification part of `user-{id}`: the first nationality is approved at once (DECISIONS.md). */
export const verificationDecider: Decider<VerificationCommand, VerificationEvent, VerificationState> = {
  initialState: () => ({ verifications: [] }),
  evolve: (state, event) => {
    const setStatus = (id: string, status: 'approved' | 'rejected') =>
      ({ verifications: state.verifications.map((verification) => (verification.id === id ? { ...verification, status } : verification)) });
    switch (event.type) {
      case 'VerificationSubmitted':
        return { verifications: [...state.verifications, { id: event.data.verificationId, countryKey: event.data.countryKey, status: 'pending' }] };
      case 'VerificationApproved':
        return setStatus(event.data.verificationId, 'approved');
      case 'VerificationRejected':
        return setStatus(event.data.verificationId, 'rejected');
      default:
        return state;
    }
  },
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
