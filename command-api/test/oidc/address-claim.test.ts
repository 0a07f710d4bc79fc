import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { TestClient, registration, uniqueEmail } from '../../../test-support/http-client';
import { mailedLink } from '../../../test-support/mail-folder';
import { registerMember, subscribeMonthly } from '../../../test-support/members';
import type { TestServer } from '../../../test-support/test-server';
import { ISLAM, topicBody, type Member } from '../participation/members';
import { smallImage } from '../profiles/image-fixtures';
import { uploadImage } from '../profiles/profile-clients';
import { HandBrowser } from './hand-browser';
import { startServerWithGoogle, type TestProvider } from './test-provider';

/**
 * Issue 38, finding 2: whoever proves an address (a provider's `email_verified`, or a reset link
 * mailed to it) that an unverified account holds gets a new account of their own; nothing the
 * account's registrant did becomes theirs (docs/decisions.md, Identity).
 */
describe('proving an address a squatter registered inherits nothing of the squatter', () => {
  let google: TestProvider;
  let server: TestServer;

  beforeAll(async () => {
    ({ google, server } = await startServerWithGoogle());
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  /** A setup step that must succeed: its JSON body, or a throw naming the step. */
  async function must(what: string, answer: Promise<{ status: number; body: any }>) {
    const { status, body } = await answer;
    if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  const member = async (details: { email?: string; firstName: string }): Promise<Member> => {
    const { client, userId, email } = await registerMember(server.baseUrl, { ...details, lastName: 'Squatter' });
    return { browser: client, userId, email, firstName: details.firstName };
  };

  /**
   * Registers `email` unproven and, as its account, does one of each kind of thing: a profile text
   * and picture, a delegation to the attacker, an opinion and a vote, a subscription and a candidacy, a family
   * group with the attacker in it and a pending friends invitation. A third member invites the
   * address itself to their family.
   */
  async function squat(email: string) {
    const attacker = await member({ firstName: 'Eve' });
    const squatter = await member({ email, firstName: 'Vic' });
    const cousin = await member({ firstName: 'Carol' });
    const s = squatter.browser;
    await must('profile', s.json('PUT', '/api/user/profile', { firstName: 'Vic', lastName: 'Squatter', aboutMe: 'Planted by the squatter.', city: 'Nowhere' }));
    const picture = await uploadImage(s, await smallImage('png'));
    expect(picture.status).toBe(200);
    await must('delegate', s.json('POST', '/api/delegations', { delegateId: attacker.userId, groupId: ISLAM }));
    // Opening a topic here needs a subscription; taking part does not.
    await subscribeMonthly(cousin.browser, server.baseUrl);
    const topic = (await must('topic', cousin.browser.json('POST', '/api/topics', topicBody(ISLAM)))).topic;
    const opinion = (await must('opinion', s.json('POST', '/api/opinions', { topicId: topic.id, content: 'The squatter says so.' }))).opinion;
    await must('vote', s.json('POST', '/api/votes', { opinionId: opinion.id, voteType: 'support' }));
    // One main election per group: the first squat opens it, the next stands in it too.
    const opened = await s.json('POST', `/api/groups/${ISLAM}/main-election`);
    const election = opened.status === 201 ? opened.body.election : await must('election', s.json('GET', `/api/groups/${ISLAM}/main-election`));
    // Standing needs a subscription: the squatter's, which the owner must not get either.
    await subscribeMonthly(s, server.baseUrl);
    await must('candidacy', s.json('POST', '/api/candidates', { topicId: election.id, statement: 'Vote for the squatter.' }));
    const toAttacker = await must('family invite', s.json('POST', '/api/family/invite', { email: attacker.email }));
    const family = toAttacker.invitation.groupId as number;
    await must('accept', attacker.browser.json('POST', `/api/family/invite/${String(toAttacker.invitationLink).split('/').at(-1)}/accept`));
    await must('friends invite', s.json('POST', '/api/friends/invite', { email: uniqueEmail('pending-friend') }));
    const toAddress = await must('invite the address', cousin.browser.json('POST', '/api/family/invite', { email }));
    return {
      squatter,
      attacker,
      cousin,
      topic,
      opinion,
      election,
      family,
      pictureUrl: picture.body.profileImageUrl!,
      invitationToAddress: String(toAddress.invitationLink).split('/').at(-1)!,
    };
  }

  /** A read's body once the read models have caught up with the reader (a loaded machine may take a while). */
  const read = async (client: TestClient, path: string) =>
    (
      await eventually(
        () => client.json('GET', path),
        (answer) => answer.status !== 503,
        30_000,
      )
    ).body;

  /** Everything of `squat` seen as the account `me` now signed in: none of it may be theirs (each kind checked and reported on its own). */
  async function expectNothingInherited(me: TestClient, setUp: Awaited<ReturnType<typeof squat>>) {
    const { squatter, attacker, topic, opinion, election, family, pictureUrl } = setUp;
    const user = await read(me, '/api/auth/user');
    expect.soft(user).toMatchObject({ email: squatter.email, emailVerified: true });
    expect.soft(user.id).not.toBe(squatter.userId);
    const profile = await read(me, '/api/user/profile');
    expect.soft(profile.user).toMatchObject({ id: user.id, aboutMe: null, city: null });
    expect.soft(profile.user.profileImageUrl).not.toBe(pictureUrl);
    expect.soft(profile.stats).toMatchObject({ votesCast: 0, opinionsPosted: 0, participationScore: 0 });
    expect.soft(await read(me, '/api/user/delegations')).toEqual([]);
    expect.soft(await read(me, `/api/delegations/${ISLAM}`)).toMatchObject({ delegation: null });
    expect.soft((await read(me, '/api/user/activity')).items).toEqual([]);
    const opinions = (await read(me, `/api/topics/${topic.id}/opinions`)) as Array<{
      id: string;
      myVote: string | null;
      userId: string;
      user: { firstName: string | null };
    }>;
    const shown = opinions.find((candidate) => candidate.id === opinion.id);
    expect.soft(shown?.myVote).toBeNull();
    // The opinion stays its registrant's, under the registrant's name.
    expect.soft(shown).toMatchObject({ userId: squatter.userId, user: { firstName: 'Vic' } });
    expect.soft((await read(me, `/api/opinions/${opinion.id}/receipt`)).outcome).not.toBe('direct');
    const candidates = (await read(me, `/api/topics/${election.id}/candidates`)) as Array<{ userId: string }>;
    expect.soft(candidates.map((candidate) => candidate.userId)).toContain(squatter.userId);
    expect.soft(candidates.map((candidate) => candidate.userId)).not.toContain(user.id);
    expect.soft(user.isSubscribed).toBe(false);
    // New personal groups: the squatter's family (with the attacker in it) is not the owner's.
    const groups = (
      await eventually(
        () => me.json('GET', '/api/user/groups'),
        (answer) => answer.body.length === 3,
        30_000,
      )
    ).body as Array<{ role: string; group: { id: number; department: string } }>;
    const own = (department: string) => groups.find((membership) => membership.role === 'owner' && membership.group.department === department)!.group.id;
    const ownFamily = own('family');
    expect.soft(groups.map((membership) => membership.group.id)).not.toContain(family);
    expect.soft((await me.json('GET', `/api/groups/${family}`)).status).toBe(404);
    expect.soft(await read(me, `/api/family/${ownFamily}/invitations`)).toEqual([]);
    const ownFriends = own('friends');
    expect.soft(await read(me, `/api/friends/${ownFriends}/invitations`)).toEqual([]);
    expect.soft(await read(me, `/api/friends/${ownFriends}/friends`)).toEqual([]);
    // What the squatter did stays the squatter's: the attacker still carries the squatter's delegation.
    expect.soft((await read(attacker.browser, `/api/delegations/${ISLAM}`)).carried.directDelegators).toBe(1);
    // The invitation sent to the address reaches its owner.
    expect.soft((await me.json('POST', `/api/family/invite/${setUp.invitationToAddress}/accept`)).status).toBe(200);
    // The squatter is out: no session, no password.
    expect.soft((await squatter.browser.get('/api/auth/user')).status).toBe(401);
    expect
      .soft((await new TestClient(server.baseUrl).post('/api/email-auth/login', { email: squatter.email, password: registration().password })).status)
      .toBe(401);
    return user.id as string;
  }

  it('gives the owner who signs in with a provider that vouches for the address a clean account of their own', async () => {
    const email = uniqueEmail('squatted');
    const setUp = await squat(email);
    const subject = `subject-${randomUUID()}`;
    google.accounts.set(subject, { email, email_verified: true, given_name: 'Olive', family_name: 'Owner' });
    const browser = new HandBrowser();
    expect(await browser.finish(await browser.toCallback(`${server.baseUrl}/api/auth/google`, subject))).toBe('/');
    const owner = new TestClient(server.baseUrl);
    owner.cookies.set('civitas_session', browser.cookie(server.baseUrl, 'civitas_session')!);
    const ownerId = await expectNothingInherited(owner, setUp);
    expect(await read(owner, '/api/auth/user')).toMatchObject({ id: ownerId, firstName: 'Olive', lastName: 'Owner' });
  });

  it('gives the owner who proves the address through a reset link a clean account of their own', async () => {
    const email = uniqueEmail('squatted-reset');
    const setUp = await squat(email);
    await must('forgot', new TestClient(server.baseUrl).json('POST', '/api/email-auth/forgot-password', { email }));
    const token = (await mailedLink(server.dataDir, email, 'Reset your password')).split('/').pop();
    await must(
      'reset',
      new TestClient(server.baseUrl).json('POST', '/api/email-auth/reset-password', {
        token,
        password: 'the owner passphrase',
        confirmPassword: 'the owner passphrase',
      }),
    );
    const owner = new TestClient(server.baseUrl);
    expect((await owner.post('/api/email-auth/login', { email, password: 'the owner passphrase' })).status).toBe(200);
    await expectNothingInherited(owner, setUp);
    // The squatter's names were not the owner's either.
    expect(await read(owner, '/api/auth/user')).toMatchObject({ firstName: null, lastName: null });
  });
});
