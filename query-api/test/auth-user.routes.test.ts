import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newId,
  roleGranted,
  subscriptionActivated,
  topicCreated,
  userRegistered,
  verificationApproved,
  verificationRejected,
  verificationSubmitted,
} from '../../projector/test/spec-events';
import { startQueryApp, type QueryApp } from './query-app';

const START = '2026-03-02T10:00:00.000Z';
const END = '2026-04-02T10:00:00.000Z';

describe('query-api GET /api/auth/user', () => {
  let query: QueryApp;
  beforeAll(async () => {
    query = await startQueryApp();
  });
  afterAll(async () => query.close());

  it('names the sign-in providers the server is registered with at GET /api/auth/providers, to anyone', async () => {
    // The query app under test is registered with Google alone.
    const answer = await query.get('/api/auth/providers');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ providers: ['google'] });
  });

  it('answers 401 JSON signed out, and for a session that does not exist', async () => {
    for (const as of [undefined, { cookie: `${query.auth.cookieName}=not-a-session` }]) {
      const answer = await query.get('/api/auth/user', { as });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers the signed-in member, the sealed address and names opened', async () => {
    const userId = newId();
    const [email, firstName, lastName] = await query.vault.sealAll(userId, ['grace@example.org', 'Grace', 'Hopper']);
    await query.record({ ...userRegistered(userId, { email, firstName, lastName }), time: '2026-03-01T09:00:00.000Z' });
    const answer = await query.get('/api/auth/user', { as: { cookie: await query.signIn(userId) } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: userId,
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
      isSubscribed: false,
      subscriptionPlan: null,
      subscriptionStatus: null,
      subscriptionStartDate: null,
      subscriptionEndDate: null,
      participationScore: 0,
      isBanned: false,
      isVerified: false,
      country: null,
      nationalId: null,
      verifications: [],
      roles: [],
      isAdmin: false,
      createdAt: '2026-03-01T09:00:00.000Z',
    });
  });

  it('answers roles, subscription, verifications and score as the projections keep them', async () => {
    const member = await query.member('Ada');
    const [saudi, egypt] = [newId(), newId()];
    await query.record(
      roleGranted(member.id, 'admin'),
      subscriptionActivated(member.id, newId(), START, END),
      verificationSubmitted(saudi, member.id, await query.vault.seal(member.id, '1012345678')),
      verificationApproved(saudi, member.id),
      verificationSubmitted(egypt, member.id, await query.vault.seal(member.id, '29001011234567'), { country: 'Egypt', countryKey: 'egypt' }),
      verificationRejected(egypt, member.id, newId(), 'A second nationality needs a document.', 'egypt'),
      topicCreated(newId(), 2, member.id),
    );
    const answer = await query.get('/api/auth/user', { as: member });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: member.id,
      firstName: 'Ada',
      roles: ['admin'],
      isAdmin: true,
      isSubscribed: true,
      subscriptionPlan: 'civic_participation_monthly',
      subscriptionStatus: 'active',
      subscriptionStartDate: START,
      subscriptionEndDate: END,
      isVerified: true,
      country: 'Saudi Arabia',
      // Masked: the session's reply shows the id nowhere (docs/decisions.md, Bidirectional text and masked ids).
      nationalId: '\u2022\u2022\u2022\u2022 5678',
      verifications: [
        { id: saudi, country: 'Saudi Arabia', status: 'approved', isVerified: true },
        { id: egypt, country: 'Egypt', status: 'rejected', isVerified: false },
      ],
      participationScore: 5,
    });
  });

  it('answers 503 with Retry-After while the account\u2019s events are not projected yet', async () => {
    const answer = await query.get('/api/auth/user', { as: { cookie: await query.signIn(newId()) } });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({ message: 'The data is still being updated; please retry shortly.' });
  });
});
