import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { newId, verificationApproved, verificationRejected, verificationSubmitted } from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const T1 = '2026-03-02T10:00:00.000Z';
const T2 = '2026-03-03T10:00:00.000Z';
const T3 = '2026-03-04T10:00:00.000Z';

describe('query-api GET /api/user/verifications', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('answers 401 JSON signed out', async () => {
    const answer = await query.get('/api/user/verifications');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers an empty list for a member who has not verified', async () => {
    const member = await query.member('Ada');
    const answer = await query.get('/api/user/verifications', { as: member });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it('lists the member\u2019s own verifications, oldest first, with their national ids, and nobody else\u2019s', async () => {
    const [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    const reviewer = newId();
    const [saudi, egypt, other] = [newId(), newId(), newId()];
    await query.record(
      at(T1, verificationSubmitted(saudi, ada.id, await query.vault.seal(ada.id, '1012345678'))),
      at(T1, verificationApproved(saudi, ada.id)),
      at(
        T2,
        verificationSubmitted(egypt, ada.id, await query.vault.seal(ada.id, '29001011234567'), {
          country: 'Egypt',
          countryKey: 'egypt',
          verificationType: 'document',
          documentImageUrl: '/uploads/passport.png',
        }),
      ),
      at(T3, verificationRejected(egypt, ada.id, reviewer, 'The document is unreadable.', 'egypt')),
      at(T3, verificationSubmitted(other, grace.id, await query.vault.seal(grace.id, '1099999999'))),
    );
    const answer = await query.get('/api/user/verifications', { as: ada });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      {
        id: saudi,
        userId: ada.id,
        country: 'Saudi Arabia',
        nationalId: '\u2022\u2022\u2022\u2022 5678',
        documentImageUrl: null,
        verificationType: 'id_number',
        status: 'approved',
        isVerified: true,
        confirmedByLeader: false,
        verifiedAt: T1,
        reviewedAt: null,
        rejectionReason: null,
        createdAt: T1,
        updatedAt: T1,
      },
      {
        id: egypt,
        userId: ada.id,
        country: 'Egypt',
        nationalId: '\u2022\u2022\u2022\u2022 4567',
        documentImageUrl: '/uploads/passport.png',
        verificationType: 'document',
        status: 'rejected',
        isVerified: false,
        confirmedByLeader: false,
        verifiedAt: null,
        reviewedAt: T3,
        rejectionReason: 'The document is unreadable.',
        createdAt: T2,
        updatedAt: T3,
      },
    ]);
    expect((await query.get('/api/user/verifications', { as: grace })).json().map((verification: { id: string }) => verification.id)).toEqual([other]);
  });
});
