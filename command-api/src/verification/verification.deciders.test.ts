import { ConflictError, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { nationalIdDecider } from './national-id.decider';
import { verificationDecider } from './verification.decider';

const userId = '33333333-3333-4333-8333-333333333333';
const other = '44444444-4444-4444-8444-444444444444';
const verificationId = '55555555-5555-4555-8555-555555555555';
const verify = (countryKey: string) => ({ type: 'verifyFirstNationality' as const, verificationId, userId, country: countryKey, countryKey, nationalIdSealed: 'v1.sealed' });
const submitted = { type: 'VerificationSubmitted' as const, data: { verificationId, userId, country: 'saudi_arabia', countryKey: 'saudi_arabia', nationalIdSealed: 'v1.sealed', verificationType: 'id_number' as const, documentImageUrl: null } };
const approved = { type: 'VerificationApproved' as const, data: { verificationId, userId, countryKey: 'saudi_arabia', reviewedBy: null } };

describe('verification decider', () => {
  it('approves a first nationality at once', () => deciderSpec(verificationDecider).given([]).when(verify('saudi_arabia')).then([submitted, approved]));
  it('refuses a country verified already, and a second nationality without a document', () => {
    deciderSpec(verificationDecider).given([submitted, approved]).when(verify('saudi_arabia')).thenThrows(ConflictError, 'Country Already Verified');
    deciderSpec(verificationDecider).given([submitted, approved]).when(verify('egypt')).thenThrows(ValidationError);
  });
});

describe('national id decider', () => {
  const spec = deciderSpec(nationalIdDecider);
  it('reserves an id for one account only', () => {
    spec.given([]).when({ type: 'reserveNationalId', userId }).then([{ type: 'NationalIdReserved', data: { userId } }]);
    spec.given([{ type: 'NationalIdReserved', data: { userId } }]).when({ type: 'reserveNationalId', userId }).then([]);
    spec.given([{ type: 'NationalIdReserved', data: { userId } }]).when({ type: 'reserveNationalId', userId: other }).thenThrows(ConflictError, 'This national ID is already verified for another account.');
  });
  it('releases only its holder\u2019s reservation', () => {
    spec.given([{ type: 'NationalIdReserved', data: { userId } }]).when({ type: 'releaseNationalId', userId: other }).then([]);
    spec.given([{ type: 'NationalIdReserved', data: { userId } }]).when({ type: 'releaseNationalId', userId }).then([{ type: 'NationalIdReleased', data: { userId } }]);
  });
});
