import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { newMember, ownGroup, subscribe, topicBody, type Member } from '../participation/members';

const DAY = 86_400_000;
const tokenOf = (link: string) => link.split('/').pop()!;
/** One member reads after another's command, as if told about it: carry the newer position over. */
const seesWritesOf = (reader: Member, writer: Member) => {
  if (writer.browser.position && (!reader.browser.position || writer.browser.position > reader.browser.position))
    reader.browser.position = writer.browser.position;
};

describe('invitations to personal groups', () => {
  let server: TestServer;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env: { SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' } });
  });
  afterAll(async () => server?.close());

  const invite = (member: Member, kind: string, email: string) => member.browser.json('POST', `/api/${kind}/invite`, { email });

  it('invites into the owner\u2019s family group; the invitee signs in, accepts once and takes part', async () => {
    const owner = await newMember(server, 'Amina');
    const family = await ownGroup(owner, 'family');
    const sent = await invite(owner, 'family', ' Cousin.Omar@Example.org ');
    expect(sent.status).toBe(201);
    expect(sent.body.invitationLink).toMatch(new RegExp(`^${server.baseUrl}/family-invite/[\\w-]{43}$`));
    expect(sent.body.invitation).toMatchObject({
      email: 'cousin.omar@example.org',
      groupId: family,
      status: 'pending',
      expiresAt: new Date(clock + 7 * DAY).toISOString(),
    });
    const token = tokenOf(sent.body.invitationLink);

    const listed = (await owner.browser.json('GET', `/api/family/${family}/invitations`)).body;
    expect(listed).toEqual([expect.objectContaining({ email: 'cousin.omar@example.org', status: 'pending', invitationLink: sent.body.invitationLink })]);

    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.json('GET', `/api/family/invite/${token}`)).body).toEqual({
      email: 'cousin.omar@example.org',
      groupId: family,
      groupName: "Amina's Family",
      inviterName: 'Amina Lovelace',
      status: 'pending',
      expiresAt: new Date(clock + 7 * DAY).toISOString(),
      acceptedByYou: false,
    });
    expect((await visitor.json('POST', `/api/family/invite/${token}/accept`)).status).toBe(401);
    expect((await visitor.json('GET', `/api/friends/invite/${token}`)).status).toBe(404);
    expect((await visitor.json('GET', '/api/family/invite/not-a-real-token-at-all-000000')).body).toEqual({
      message: 'This invitation link is invalid or has expired.',
    });

    const omar = await newMember(server, 'Omar');
    expect(await omar.browser.json('POST', `/api/family/invite/${token}/accept`)).toMatchObject({ status: 200, body: { groupId: family } });
    expect((await omar.browser.json('POST', `/api/family/invite/${token}/accept`)).status).toBe(200);
    expect((await omar.browser.json('GET', `/api/family/invite/${token}`)).body).toMatchObject({ status: 'accepted', acceptedByYou: true });
    const memberships = (await omar.browser.json('GET', '/api/user/groups')).body as Array<{ groupId: number; role: string }>;
    expect(memberships).toContainEqual(expect.objectContaining({ groupId: family, role: 'member' }));
    expect((await omar.browser.json('GET', `/api/groups/${family}`)).body).toMatchObject({ memberCount: 2, canParticipate: true, isMember: true });

    const topic = (await owner.browser.json('POST', '/api/topics', topicBody(family))).body.topic;
    expect((await omar.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Count me in.' })).status).toBe(201);
    seesWritesOf(owner, omar);
    expect((await owner.browser.json('GET', `/api/family/${family}/invitations`)).body[0]).toMatchObject({ status: 'accepted', acceptedBy: omar.userId });

    const latecomer = await newMember(server, 'Late');
    expect(await latecomer.browser.json('POST', `/api/family/invite/${token}/accept`)).toEqual({
      status: 409,
      body: { message: 'This invitation has already been used.' },
    });
  });

  it('refuses an expired invitation, bad addresses, and anyone but the owner', async () => {
    const owner = await newMember(server, 'Nadia');
    expect(await invite(owner, 'family', 'not an address')).toEqual({ status: 400, body: { message: 'Please enter a valid email address' } });
    const sent = await invite(owner, 'friends', 'friend@example.org');
    const token = tokenOf(sent.body.invitationLink);
    const friends = await ownGroup(owner, 'friends');
    const stranger = await newMember(server, 'Stranger');
    expect(await stranger.browser.json('GET', `/api/friends/${friends}/invitations`)).toEqual({
      status: 403,
      body: { message: 'Only the owner of this group can do that.' },
    });
    expect((await stranger.browser.json('GET', `/api/friends/${friends}/friends`)).status).toBe(403);
    expect((await stranger.browser.json('POST', `/api/friends/${friends}/cut/${owner.userId}`)).status).toBe(403);

    clock += 7 * DAY;
    expect((await stranger.browser.json('GET', `/api/friends/invite/${token}`)).body.status).toBe('expired');
    expect(await stranger.browser.json('POST', `/api/friends/invite/${token}/accept`)).toEqual({
      status: 410,
      body: { message: 'This invitation has expired.' },
    });
    expect((await owner.browser.json('GET', `/api/friends/${friends}/invitations`)).body[0].status).toBe('expired');
  });

  it('cuts a friendship: the friend leaves at once, cannot take part, and the old link does not bring them back', async () => {
    const owner = await newMember(server, 'Layla');
    const friends = await ownGroup(owner, 'friends');
    const token = tokenOf((await invite(owner, 'friends', 'karim@example.org')).body.invitationLink);
    const karim = await newMember(server, 'Karim');
    await karim.browser.json('POST', `/api/friends/invite/${token}/accept`);
    seesWritesOf(owner, karim);
    expect((await owner.browser.json('GET', `/api/friends/${friends}/friends`)).body).toEqual([
      expect.objectContaining({
        friendId: karim.userId,
        status: 'active',
        friend: { firstName: 'Karim', lastName: 'Lovelace', email: expect.stringContaining('@example.org') },
      }),
    ]);
    const topic = (await owner.browser.json('POST', '/api/topics', topicBody(friends))).body.topic;

    expect((await owner.browser.json('POST', `/api/friends/${friends}/cut/${karim.userId}`)).status).toBe(200);
    seesWritesOf(karim, owner);
    expect(await karim.browser.json('POST', '/api/opinions', { topicId: topic.id, content: 'Still here?' })).toEqual({
      status: 403,
      body: { message: 'Only members of this group can participate.' },
    });
    expect((await owner.browser.json('GET', `/api/friends/${friends}/friends`)).body[0]).toMatchObject({ status: 'cut', cutAt: expect.any(String) });
    expect((await owner.browser.json('GET', `/api/friends/${friends}/invitations`)).body[0].status).toBe('cut');
    expect((await karim.browser.json('GET', `/api/groups/${friends}`)).status).toBe(404);

    await karim.browser.json('POST', `/api/friends/invite/${token}/accept`);
    expect(((await karim.browser.json('GET', '/api/user/groups')).body as Array<{ groupId: number }>).some((m) => m.groupId === friends)).toBe(false);
    expect((await owner.browser.json('POST', `/api/friends/${friends}/cut/${karim.userId}`)).status).toBe(404);

    // A new invitation makes them friends again: one active entry, counted once.
    const again = tokenOf((await invite(owner, 'friends', 'karim@example.org')).body.invitationLink);
    expect((await karim.browser.json('POST', `/api/friends/invite/${again}/accept`)).status).toBe(200);
    seesWritesOf(owner, karim);
    expect((await owner.browser.json('GET', `/api/friends/${friends}/friends`)).body).toEqual([
      expect.objectContaining({ friendId: karim.userId, status: 'active', cutAt: null }),
    ]);
    expect((await owner.browser.json('GET', `/api/groups/${friends}`)).body.memberCount).toBe(2);
  });

  it('needs a subscription for business invitations; the owner fires a colleague', async () => {
    const owner = await newMember(server, 'Sami');
    const refused = await invite(owner, 'business', 'colleague@example.org');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Subscription required');
    await subscribe(owner, server);
    const sent = await invite(owner, 'business', 'colleague@example.org');
    expect(sent.body.inviteUrl).toMatch(new RegExp(`^${server.baseUrl}/business-invite/`));
    const business = await ownGroup(owner, 'business');
    const colleague = await newMember(server, 'Colleague');
    await colleague.browser.json('POST', `/api/business/invite/${tokenOf(sent.body.inviteUrl)}/accept`);
    seesWritesOf(owner, colleague);
    expect((await owner.browser.json('GET', `/api/business/${business}/members`)).body).toEqual([
      expect.objectContaining({ memberId: colleague.userId, status: 'active' }),
    ]);
    expect((await owner.browser.json('POST', `/api/business/${business}/fire/${colleague.userId}`, {})).status).toBe(200);
    expect((await owner.browser.json('GET', `/api/business/${business}/members`)).body[0]).toMatchObject({ status: 'fired', firedAt: expect.any(String) });
  });

  it('allows 50 invitations a day per member', async () => {
    const owner = await newMember(server, 'Busy');
    for (let index = 0; index < 50; index += 1) expect((await invite(owner, 'friends', `guest${index}@example.org`)).status).toBe(201);
    expect(await invite(owner, 'family', 'one.more@example.org')).toEqual({
      status: 429,
      body: { message: 'You can send at most 50 invitations a day. Please try again tomorrow.' },
    });
    clock += DAY + 1000;
    expect((await invite(owner, 'family', 'one.more@example.org')).status).toBe(201);
  });
});
