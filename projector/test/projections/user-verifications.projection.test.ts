import { afterAll, beforeAll, describe, it } from 'vitest';
import { userVerificationsProjection } from '../../src/verification/user-verifications.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, verificationApproved, verificationConfirmedByLeader, verificationRejected, verificationRemoved, verificationSubmitted } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';

const REVIEW = ['status', 'is_verified', 'verified_at', 'reviewed_by', 'reviewed_at', 'rejection_reason', 'updated_at'];

describe('user_verifications projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(userVerificationsProjection);
  });
  afterAll(async () => spec.close());

  const reviewer = newId();

  it('projects a submission as pending, the national id opened with the member\u2019s key', async () => {
    const userId = newId();
    const verificationId = newId();
    const sealed = await spec.vault.seal(userId, '1012345678');
    await spec.given([at(T1, verificationSubmitted(verificationId, userId, sealed))]).then(
      expectRows('user_verifications').toEqual([
        {
          id: verificationId,
          user_id: userId,
          country: 'Saudi Arabia',
          country_key: 'saudi_arabia',
          national_id: '1012345678',
          document_image_url: null,
          verification_type: 'id_number',
          status: 'pending',
          is_verified: false,
          confirmed_by_leader: false,
          confirmed_by: null,
          confirmed_at: null,
          verified_at: null,
          reviewed_by: null,
          reviewed_at: null,
          rejection_reason: null,
          created_at: T1,
          updated_at: T1,
        },
      ]),
    );
  });

  it('projects no national id once the member\u2019s key is erased, nor one that was never sealed', async () => {
    const erased = newId();
    const clear = newId();
    const sealed = await spec.vault.seal(erased, '1012345678');
    await spec.vault.erase(erased);
    await spec.given([at(T1, verificationSubmitted(newId(), erased, sealed)), at(T1, verificationSubmitted(newId(), clear, '2098765432'))]).then(
      expectRows('user_verifications', { columns: ['user_id', 'national_id', 'status'], orderBy: ['user_id'] }).toEqual(
        [
          { user_id: erased, national_id: null, status: 'pending' },
          { user_id: clear, national_id: null, status: 'pending' },
        ].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
      ),
    );
  });

  it('approves automatically (no reviewer) and by a reviewer', async () => {
    const automatic = newId();
    const reviewed = newId();
    const [first, second] = [newId(), newId()];
    await spec
      .given([at(T1, verificationSubmitted(first, automatic, 'x')), at(T1, verificationSubmitted(second, reviewed, 'y'))])
      .when([at(T2, verificationApproved(first, automatic)), at(T3, verificationApproved(second, reviewed, reviewer))])
      .then(
        expectRows('user_verifications', { columns: REVIEW, where: { id: first } }).toEqual([
          {
            status: 'approved',
            is_verified: true,
            verified_at: T2,
            reviewed_by: null,
            reviewed_at: null,
            rejection_reason: null,
            updated_at: T2,
          },
        ]),
        expectRows('user_verifications', { columns: REVIEW, where: { id: second } }).toEqual([
          {
            status: 'approved',
            is_verified: true,
            verified_at: T3,
            reviewed_by: reviewer,
            reviewed_at: T3,
            rejection_reason: null,
            updated_at: T3,
          },
        ]),
      );
  });

  it('rejects with the reviewer\u2019s reason, and a later approval clears it', async () => {
    const userId = newId();
    const verificationId = newId();
    const rejected = spec
      .given([at(T1, verificationSubmitted(verificationId, userId, 'x', { verificationType: 'document', documentImageUrl: '/uploads/id.png' }))])
      .when([at(T2, verificationRejected(verificationId, userId, reviewer, 'The document is unreadable.'))]);
    await rejected.then(
      expectRows('user_verifications', { columns: ['verification_type', 'document_image_url', ...REVIEW] }).toEqual([
        {
          verification_type: 'document',
          document_image_url: '/uploads/id.png',
          status: 'rejected',
          is_verified: false,
          verified_at: null,
          reviewed_by: reviewer,
          reviewed_at: T2,
          rejection_reason: 'The document is unreadable.',
          updated_at: T2,
        },
      ]),
    );
    await rejected.when([at(T3, verificationApproved(verificationId, userId, reviewer))]).then(
      expectRows('user_verifications', { columns: REVIEW }).toEqual([
        {
          status: 'approved',
          is_verified: true,
          verified_at: T3,
          reviewed_by: reviewer,
          reviewed_at: T3,
          rejection_reason: null,
          updated_at: T3,
        },
      ]),
    );
  });

  it('keeps one row per verification, and a submission seen again unchanged', async () => {
    const userId = newId();
    const [saudi, egypt] = [newId(), newId()];
    await spec
      .given([at(T1, verificationSubmitted(saudi, userId, 'x')), at(T2, verificationSubmitted(egypt, userId, 'y', { country: 'Egypt', countryKey: 'egypt' }))])
      .when([at(T3, verificationApproved(saudi, userId)), at(T3, verificationSubmitted(saudi, userId, 'z', { country: 'Egypt', countryKey: 'egypt' }))])
      .then(
        expectRows('user_verifications', { columns: ['id', 'country', 'status', 'created_at'], orderBy: ['created_at'] }).toEqual([
          { id: saudi, country: 'Saudi Arabia', status: 'approved', created_at: T1 },
          { id: egypt, country: 'Egypt', status: 'pending', created_at: T2 },
        ]),
      );
  });

  it('records a leader\u2019s confirmation without deciding: the claim stays pending until reviewed', async () => {
    const userId = newId();
    const verificationId = newId();
    const leader = newId();
    const url = `/api/user/verifications/${verificationId}/document`;
    await spec
      .given([at(T1, verificationSubmitted(verificationId, userId, 'x', { verificationType: 'document', documentImageUrl: url }))])
      .when([at(T2, verificationConfirmedByLeader(verificationId, userId, leader))])
      .when([at(T3, verificationApproved(verificationId, userId, reviewer))])
      .then(
        expectRows('user_verifications', {
          columns: ['status', 'confirmed_by_leader', 'confirmed_by', 'confirmed_at', 'reviewed_by', 'document_image_url', 'updated_at'],
        }).toEqual([
          {
            status: 'approved',
            confirmed_by_leader: true,
            confirmed_by: leader,
            confirmed_at: T2,
            reviewed_by: reviewer,
            document_image_url: url,
            updated_at: T3,
          },
        ]),
      );
  });

  it('deletes a removed claim, approved or pending, and keeps the member\u2019s others', async () => {
    const userId = newId();
    const [saudi, egypt, jordan] = [newId(), newId(), newId()];
    await spec
      .given([
        at(T1, verificationSubmitted(saudi, userId, 'x')),
        at(T1, verificationApproved(saudi, userId)),
        at(T2, verificationSubmitted(egypt, userId, 'y', { country: 'Egypt', countryKey: 'egypt', verificationType: 'document' })),
        at(T2, verificationSubmitted(jordan, userId, 'z', { country: 'Jordan', countryKey: 'jordan', verificationType: 'document' })),
      ])
      .when([at(T3, verificationRemoved(saudi, userId)), at(T3, verificationRemoved(egypt, userId, 'egypt'))])
      .then(expectRows('user_verifications', { columns: ['id', 'country', 'status'] }).toEqual([{ id: jordan, country: 'Jordan', status: 'pending' }]));
  });
});
