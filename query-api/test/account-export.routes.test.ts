import { DEFAULT_NOTIFICATION_PREFERENCES } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../test-support/http-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { SAUDI_ARABIA, ownGroup, subscribe, topicBody, verify, type Member } from '../../command-api/test/participation/members';

const PASSWORD = 'correct horse battery staple';
const NOW = new Date('2026-05-04T09:30:00.000Z');

/** Issue #14 item 5: GET /api/user/export, everything the platform holds about the member, to them alone. */
describe('GET /api/user/export', () => {
  let server: TestServer;
  let ada: Member;
  let bob: Member;
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    server = await startTestServer({ now: () => NOW, env: { ADMIN_EMAILS: adminEmail, EXPOSE_MAIL_LINKS: 'true' } });
  });
  afterAll(async () => server?.close());

  const member = async (firstName: string, email = uniqueEmail()): Promise<Member & { verificationUrl: string }> => {
    const browser = new TestClient(server.baseUrl);
    const answer = await browser.json('POST', '/api/email-auth/register', { ...registration(email, PASSWORD), firstName, lastName: 'Tester' });
    expect(answer.status).toBe(201);
    return { browser, userId: answer.body.user.id, firstName, email, verificationUrl: answer.body.verificationUrl };
  };
  const ok = async (browser: TestClient, method: string, path: string, body?: unknown) => {
    const answer = await browser.json(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const exportOf = (browser: TestClient, path = '/api/user/export') => browser.get(path);

  it('refuses a visitor with 401', async () => {
    const answer = await exportOf(new TestClient(server.baseUrl));
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('downloads everything the platform holds about the member as a JSON attachment that no cache keeps', async () => {
    ada = await member('Ada');
    bob = await member('Bob');
    await ok(ada.browser, 'PUT', '/api/user/profile', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      city: 'London',
      aboutMe: 'Analytical',
      websiteUrl: 'https://ada.example.org',
    });
    await ok(ada.browser, 'PUT', '/api/user/notification-preferences', { ...DEFAULT_NOTIFICATION_PREFERENCES, elections: false });
    expect((await verify(ada, SAUDI_ARABIA.name, 'AL10203040')).status).toBe(200);
    expect((await verify(bob, SAUDI_ARABIA.name, 'BT50607080')).status).toBe(200);
    await subscribe(ada, server);
    const topic = (await ok(ada.browser, 'POST', '/api/topics', { ...topicBody(SAUDI_ARABIA.groupId), type: 'law_amendment' })).topic;
    const opinion = (await ok(ada.browser, 'POST', '/api/opinions', { topicId: topic.id, content: 'Until 22:00 on weekdays.' })).opinion;
    const bobsOpinion = (await ok(bob.browser, 'POST', '/api/opinions', { topicId: topic.id, content: 'Until midnight.' })).opinion;
    await ok(ada.browser, 'POST', '/api/votes', { opinionId: bobsOpinion.id, voteType: 'oppose' });
    await ok(ada.browser, 'POST', '/api/delegations', { delegateId: bob.userId, groupId: SAUDI_ARABIA.groupId });
    await ok(bob.browser, 'POST', '/api/delegations', { delegateId: ada.userId, groupId: SAUDI_ARABIA.groupId });
    await ok(ada.browser, 'POST', '/api/chat/messages', { topicId: topic.id, message: 'See you at the library.' });
    const election = (
      await ok(ada.browser, 'POST', '/api/topics', topicBody(await ownGroup(ada, 'business'), { type: 'election', title: 'Chair of the board' }))
    ).topic;
    const candidateId = (await ok(ada.browser, 'POST', '/api/candidates', { topicId: election.id, statement: 'I will keep the minutes.' })).candidate.id;
    await ok(ada.browser, 'POST', `/api/topics/${election.id}/ballot`, { candidateId });
    // A ranked ballot (issue #34): a Schulze election in the same business group, Ada ranking herself alone.
    const ranked = (
      await ok(
        ada.browser,
        'POST',
        '/api/topics',
        topicBody(await ownGroup(ada, 'business'), { type: 'election', title: 'Treasurer of the board', method: 'schulze' }),
      )
    ).topic;
    const rankedCandidateId = (await ok(ada.browser, 'POST', '/api/candidates', { topicId: ranked.id })).candidate.id;
    await ok(ada.browser, 'POST', `/api/topics/${ranked.id}/ballot`, { ranking: [[rankedCandidateId]] });
    await ok(ada.browser, 'POST', '/api/family/invite', { email: 'grandma@example.org' });
    await ok(ada.browser, 'POST', '/api/feedback/report', { type: 'spam', content: 'The same advert in every topic.' });
    await ok(ada.browser, 'POST', '/api/feedback/suggestion', { type: 'accessibility', content: 'A high-contrast theme, please.' });
    // A founder badge, granted by an admin (an ADMIN_EMAILS address, once verified).
    const admin = await member('Root', adminEmail);
    await ok(admin.browser, 'POST', '/api/email-auth/verify-email', { token: admin.verificationUrl.split('/verify-email/')[1] });
    await eventually(
      () => admin.browser.json('GET', '/api/auth/user'),
      (answer) => answer.body.isAdmin === true,
    );
    await ok(admin.browser, 'POST', `/api/admin/users/${ada.userId}/badges`, { badge: 'founder', reason: 'First member' });
    const elsewhere = new TestClient(server.baseUrl);
    expect((await elsewhere.post('/api/email-auth/login', { email: ada.email, password: PASSWORD })).status).toBe(200);

    const answer = await eventually(
      () => exportOf(ada.browser),
      (response) => response.status === 200,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="civitas-export-2026-05-04.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(await answer.text());
    const fresh = await eventually(
      async () => JSON.parse(await (await exportOf(ada.browser)).text()),
      (body) => body.badges.length === 1 && body.ballots.length === 1 && body.rankedBallots.length === 1,
    );
    expect(fresh).toEqual({ ...data, badges: fresh.badges, ballots: fresh.ballots, rankedBallots: fresh.rankedBallots, exportedAt: fresh.exportedAt });

    expect(fresh.exportedAt).toBe(NOW.toISOString());
    expect(fresh.profile).toMatchObject({
      id: ada.userId,
      email: ada.email,
      emailVerified: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      city: 'London',
      aboutMe: 'Analytical',
      websiteUrl: 'https://ada.example.org',
      hasPassword: true,
      roles: [],
      isBanned: false,
    });
    expect(fresh.participation).toEqual({ topicsCreated: 3, opinionsPosted: 1, votesCast: 1, electionsWon: 0, participationScore: 3 * 5 + 2 + 1 });
    expect(fresh.badges).toEqual([{ badge: 'founder', grantedAt: NOW.toISOString() }]);
    expect(fresh.notificationPreferences).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, elections: false });
    expect(fresh.subscription).toMatchObject({ isSubscribed: true, plan: 'civic_participation_monthly', status: 'active' });
    expect(fresh.payments).toEqual([
      expect.objectContaining({ provider: 'sandbox', planId: 'civic_participation_monthly', amount: 1875, currency: 'SAR', status: 'paid' }),
    ]);
    expect(fresh.verifications).toEqual([
      expect.objectContaining({ country: SAUDI_ARABIA.name, nationalId: 'AL10203040', status: 'approved', documentImageUrl: null }),
    ]);
    expect(fresh.groups.map((group: { department: string; role: string }) => `${group.department}:${group.role}`)).toEqual(
      expect.arrayContaining(['family:owner', 'friends:owner', 'business:owner']),
    );
    expect(fresh.groups.find((group: { department: string }) => group.department === 'family').name).toBe("Ada's Family");
    expect(fresh.topics.map((row: { id: string }) => row.id)).toEqual([topic.id, election.id, ranked.id]);
    expect(fresh.opinions).toEqual([expect.objectContaining({ id: opinion.id, topicId: topic.id, content: 'Until 22:00 on weekdays.' })]);
    expect(fresh.votes).toEqual([expect.objectContaining({ opinionId: bobsOpinion.id, topicId: topic.id, voteType: 'oppose' })]);
    expect(fresh.delegations.given).toEqual([expect.objectContaining({ groupId: SAUDI_ARABIA.groupId, delegateId: bob.userId, isActive: true })]);
    expect(fresh.delegations.received).toEqual([expect.objectContaining({ groupId: SAUDI_ARABIA.groupId, delegatorId: bob.userId, isActive: true })]);
    expect(fresh.candidacies).toEqual([
      expect.objectContaining({ topicId: election.id, statement: 'I will keep the minutes.' }),
      expect.objectContaining({ topicId: ranked.id, statement: '' }),
    ]);
    expect(fresh.ballots).toEqual([expect.objectContaining({ topicId: election.id, candidateId })]);
    expect(fresh.rankedBallots).toEqual([{ topicId: ranked.id, ranking: [[rankedCandidateId]], castAt: NOW.toISOString() }]);
    expect(fresh.chatMessages).toEqual([expect.objectContaining({ topicId: topic.id, message: 'See you at the library.' })]);
    expect(fresh.invitationsSent).toEqual([expect.objectContaining({ kind: 'family', email: 'grandma@example.org', status: 'pending' })]);
    expect(fresh.reports).toEqual([expect.objectContaining({ type: 'spam', content: 'The same advert in every topic.', status: 'pending' })]);
    expect(fresh.suggestions).toEqual([expect.objectContaining({ type: 'accessibility', status: 'pending', priority: 'medium' })]);
    expect(fresh.leaderReports).toEqual([]);
    expect(fresh.sessions).toHaveLength(2);
    expect(fresh.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    // Each with the device it was named by at sign-in (or null), as Settings lists them.
    for (const session of fresh.sessions) expect(session).toHaveProperty('device');

    // Never a secret: no password hash, session token, reset or invitation token, document bytes.
    const text = JSON.stringify(fresh);
    expect(text).not.toMatch(/argon2|passwordHash|tokenSealed|token/i);
    for (const client of [ada.browser, elsewhere]) expect(text).not.toContain(client.session.token);
    // Only Ada: nothing Bob wrote or holds.
    expect(text).not.toContain('Until midnight.');
    expect(text).not.toContain('BT50607080');
    expect(text).not.toContain(bob.email);
  });

  it('has no way to ask for another member\u2019s data: a parameter or another path gives no one else\u2019s', async () => {
    const asked = JSON.parse(await (await exportOf(ada.browser, `/api/user/export?userId=${bob.userId}&id=${bob.userId}`)).text());
    expect(asked.profile.id).toBe(ada.userId);
    expect(JSON.stringify(asked)).not.toContain(bob.email);
    expect((await exportOf(ada.browser, `/api/user/export/${bob.userId}`)).status).toBe(404);
    expect((await exportOf(ada.browser, `/api/users/${bob.userId}/export`)).status).toBe(404);
    // Bob's own session exports Bob.
    const his = JSON.parse(await (await exportOf(bob.browser)).text());
    expect(his.profile.id).toBe(bob.userId);
    expect(his.verifications[0].nationalId).toBe('BT50607080');
    expect(JSON.stringify(his)).not.toContain('AL10203040');
  });
});
