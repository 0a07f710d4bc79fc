import type { View } from '../decider';
import type { VerificationStatus } from './verification.contract';
import type { VerificationEvent } from './verification.events';

export interface VerificationState {
  verifications: Array<{ id: string; countryKey: string; status: VerificationStatus }>;
}

/** Country keys of the member's approved verifications: what national groups ask for. */
export const verifiedCountryKeys = (state: VerificationState) =>
  state.verifications.filter((verification) => verification.status === 'approved').map((verification) => verification.countryKey);

/** The verification part of `user-{id}`: one fold for the verification decider and the participation check. */
export const verificationView: View<VerificationEvent, VerificationState> = {
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
};
