import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type VerificationEvent } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { nationalIdDecider } from './national-id.decider';
import { verificationDecider } from './verification.decider';

const userId = '33333333-3333-4333-8333-333333333333';
const other = '44444444-4444-4444-8444-444444444444';
const admin = '66666666-6666-4666-8666-666666666666';
const verificationId = '55555555-5555-4555-8555-555555555555';
const second = '77777777-7777-4777-8777-777777777777';
const documentImageUrl = `/api/user/verifications/${second}/document`;

const verify = (countryKey: string) => ({
  type: 'verifyFirstNationality' as const,
  verificationId,
  userId,
  country: countryKey,
  countryKey,
  nationalIdSealed: 'v1.sealed',
});
const withDocument = (countryKey: string, id = second) => ({
  type: 'submitWithDocument' as const,
  verificationId: id,
  userId,
  country: countryKey,
  countryKey,
  nationalIdSealed: 'v1.other',
  documentImageUrl,
});
const submitted: VerificationEvent = {
  type: 'VerificationSubmitted',
  data: {
    verificationId,
    userId,
    country: 'saudi_arabia',
    countryKey: 'saudi_arabia',
    nationalIdSealed: 'v1.sealed',
    verificationType: 'id_number',
    documentImageUrl: null,
  },
};
const approved: VerificationEvent = { type: 'VerificationApproved', data: { verificationId, userId, countryKey: 'saudi_arabia', reviewedBy: null } };
const egyptSubmitted: VerificationEvent = {
  type: 'VerificationSubmitted',
  data: { verificationId: second, userId, country: 'egypt', countryKey: 'egypt', nationalIdSealed: 'v1.other', verificationType: 'document', documentImageUrl },
};
const egyptApproved: VerificationEvent = { type: 'VerificationApproved', data: { verificationId: second, userId, countryKey: 'egypt', reviewedBy: admin } };
const egyptRejected: VerificationEvent = {
  type: 'VerificationRejected',
  data: { verificationId: second, userId, countryKey: 'egypt', reason: 'Unreadable scan.', reviewedBy: admin },
};
const egyptRemoved: VerificationEvent = { type: 'VerificationRemoved', data: { verificationId: second, userId, countryKey: 'egypt' } };
const firstRemoved: VerificationEvent = { type: 'VerificationRemoved', data: { verificationId, userId, countryKey: 'saudi_arabia' } };
const confirmed: VerificationEvent = { type: 'VerificationConfirmedByLeader', data: { verificationId: second, userId, countryKey: 'egypt', leaderId: other } };

const spec = deciderSpec(verificationDecider);

describe('verification decider: claims', () => {
  it('approves a first nationality at once', () => spec.given([]).when(verify('saudi_arabia')).then([submitted, approved]));

  it('refuses a country verified already, and a second nationality without a document', () => {
    spec.given([submitted, approved]).when(verify('saudi_arabia')).thenThrows(ConflictError, 'Country Already Verified');
    spec.given([submitted, approved]).when(verify('egypt')).thenThrows(ValidationError);
    // A rejected claim is still a claim: the next one is reviewed too.
    spec.given([egyptSubmitted, egyptRejected]).when(verify('saudi_arabia')).thenThrows(ValidationError);
  });

  it('never approves a rejected country without a reviewer, even once the rejected claim is removed', () => {
    spec
      .given([egyptSubmitted, egyptRejected, egyptRemoved])
      .when(verify('egypt'))
      .thenThrows(ValidationError, 'This country was reviewed and rejected; submit it again with a document image.');
  });

  it('makes a first nationality again after the only one was removed', () => {
    spec.given([submitted, approved, firstRemoved]).when(verify('saudi_arabia')).then([submitted, approved]);
  });

  it('submits a claim with a document as pending, for any country not pending or verified', () => {
    spec.given([submitted, approved]).when(withDocument('egypt')).then([egyptSubmitted]);
    spec.given([submitted, approved]).when(withDocument('saudi_arabia')).thenThrows(ConflictError, 'Country Already Verified');
    spec.given([submitted, approved, egyptSubmitted]).when(withDocument('egypt', verificationId)).thenThrows(ConflictError, 'Country Already Verified');
    // A rejected country may be claimed again: a new claim.
    const again = { ...egyptSubmitted, data: { ...egyptSubmitted.data, verificationId } };
    spec.given([egyptSubmitted, egyptRejected]).when(withDocument('egypt', verificationId)).then([again]);
  });

  it('removes the member\u2019s own claim, in any state, once', () => {
    spec.given([submitted, approved, egyptSubmitted]).when({ type: 'removeVerification', verificationId: second, userId }).then([egyptRemoved]);
    spec.given([submitted, approved]).when({ type: 'removeVerification', verificationId, userId }).then([firstRemoved]);
    spec.given([egyptSubmitted, egyptRejected]).when({ type: 'removeVerification', verificationId: second, userId }).then([egyptRemoved]);
    spec
      .given([egyptSubmitted, egyptRemoved])
      .when({ type: 'removeVerification', verificationId: second, userId })
      .thenThrows(NotFoundError, 'Verification not found');
    spec.given([]).when({ type: 'removeVerification', verificationId, userId }).thenThrows(NotFoundError);
  });
});

describe('verification decider: review', () => {
  const approve = { type: 'approveVerification' as const, verificationId: second, userId, reviewedBy: admin };
  const reject = { type: 'rejectVerification' as const, verificationId: second, userId, reviewedBy: admin, reason: 'Unreadable scan.' };

  it('approves or rejects a pending claim, naming the reviewer (and the reason)', () => {
    spec.given([submitted, approved, egyptSubmitted]).when(approve).then([egyptApproved]);
    spec.given([submitted, approved, egyptSubmitted]).when(reject).then([egyptRejected]);
  });

  it('decides once: a claim approved or rejected already is a conflict', () => {
    spec.given([egyptSubmitted, egyptApproved]).when(approve).thenThrows(ConflictError, 'This verification has already been approved.');
    spec.given([egyptSubmitted, egyptApproved]).when(reject).thenThrows(ConflictError, 'This verification has already been approved.');
    spec.given([egyptSubmitted, egyptRejected]).when(approve).thenThrows(ConflictError, 'This verification has already been rejected.');
    spec.given([egyptSubmitted, egyptRejected]).when(reject).thenThrows(ConflictError, 'This verification has already been rejected.');
  });

  it('knows no removed or unknown claim, and lets no one review their own', () => {
    spec.given([egyptSubmitted, egyptRemoved]).when(approve).thenThrows(NotFoundError, 'Verification not found');
    spec.given([]).when(reject).thenThrows(NotFoundError);
    spec
      .given([egyptSubmitted])
      .when({ ...approve, reviewedBy: userId })
      .thenThrows(ForbiddenError, 'You cannot review your own verification.');
  });

  it('records a leader\u2019s confirmation of a pending claim once; the claim stays pending', () => {
    const confirm = { type: 'confirmVerification' as const, verificationId: second, userId, leaderId: other };
    spec.given([egyptSubmitted]).when(confirm).then([confirmed]);
    spec.given([egyptSubmitted, confirmed]).when(confirm).then([]);
    spec.given([egyptSubmitted, confirmed]).when(approve).then([egyptApproved]);
    spec.given([egyptSubmitted, egyptApproved]).when(confirm).thenThrows(ConflictError, 'Only pending verifications can be confirmed.');
    spec
      .given([egyptSubmitted])
      .when({ ...confirm, leaderId: userId })
      .thenThrows(ForbiddenError);
    spec.given([]).when(confirm).thenThrows(NotFoundError);
  });
});

describe('national id decider', () => {
  const ids = deciderSpec(nationalIdDecider);
  it('reserves an id for one account only', () => {
    ids
      .given([])
      .when({ type: 'reserveNationalId', userId })
      .then([{ type: 'NationalIdReserved', data: { userId } }]);
    ids
      .given([{ type: 'NationalIdReserved', data: { userId } }])
      .when({ type: 'reserveNationalId', userId })
      .then([]);
    ids
      .given([{ type: 'NationalIdReserved', data: { userId } }])
      .when({ type: 'reserveNationalId', userId: other })
      .thenThrows(ConflictError, 'This national ID is already verified for another account.');
  });
  it('releases only its holder\u2019s reservation', () => {
    ids
      .given([{ type: 'NationalIdReserved', data: { userId } }])
      .when({ type: 'releaseNationalId', userId: other })
      .then([]);
    ids
      .given([{ type: 'NationalIdReserved', data: { userId } }])
      .when({ type: 'releaseNationalId', userId })
      .then([{ type: 'NationalIdReleased', data: { userId } }]);
  });
});
