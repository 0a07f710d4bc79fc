import type { View } from '../decider';
import type { VerificationStatus } from './verification.contract';
import type { VerificationEvent, VerificationType } from './verification.events';

export interface VerificationClaim {
  id: string;
  country: string;
  countryKey: string;
  status: VerificationStatus;
  verificationType: VerificationType;
  /** Kept so a reviewer's rejection or the member's removal can release the national id it reserved. */
  nationalIdSealed: string;
  confirmedByLeader: boolean;
}

export interface VerificationState {
  /** The member's live claims; a removed one is gone. */
  verifications: VerificationClaim[];
  /** Countries a reviewer rejected at least once: they are never approved again without a reviewer. */
  rejectedCountryKeys: string[];
}

/** Country keys of the member's approved verifications: what national groups ask for. */
export const verifiedCountryKeys = (state: VerificationState) =>
  state.verifications.filter((verification) => verification.status === 'approved').map((verification) => verification.countryKey);

/** The verification part of `user-{id}`: one fold for the verification decider and the participation check. */
export const verificationView: View<VerificationEvent, VerificationState> = {
  initialState: () => ({ verifications: [], rejectedCountryKeys: [] }),
  evolve: (state, event) => {
    const update = (id: string, change: Partial<VerificationClaim>) =>
      state.verifications.map((verification) => (verification.id === id ? { ...verification, ...change } : verification));
    switch (event.type) {
      case 'VerificationSubmitted': {
        const { verificationId, country, countryKey, verificationType, nationalIdSealed } = event.data;
        const claim: VerificationClaim = {
          id: verificationId,
          country,
          countryKey,
          status: 'pending',
          verificationType,
          nationalIdSealed,
          confirmedByLeader: false,
        };
        return { ...state, verifications: [...state.verifications, claim] };
      }
      case 'VerificationApproved':
        return { ...state, verifications: update(event.data.verificationId, { status: 'approved' }) };
      case 'VerificationRejected':
        return {
          verifications: update(event.data.verificationId, { status: 'rejected' }),
          rejectedCountryKeys: state.rejectedCountryKeys.includes(event.data.countryKey)
            ? state.rejectedCountryKeys
            : [...state.rejectedCountryKeys, event.data.countryKey],
        };
      case 'VerificationConfirmedByLeader':
        return { ...state, verifications: update(event.data.verificationId, { confirmedByLeader: true }) };
      case 'VerificationRemoved':
        return { ...state, verifications: state.verifications.filter((verification) => verification.id !== event.data.verificationId) };
      default:
        return state;
    }
  },
};
