import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { ALLIANCE, INTERNATIONAL, ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from './members';

const DAY = 86_400_000;

describe('topics, opinions and votes', () => {
  let server: TestServer;
  let citizen: Member;
  const clock = Date.parse('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock) });
    citizen = await newMember(server, 'Layla');
    await verify(citizen, SAUDI_ARABIA.name, '1111111111');
    await subscribe(citizen, server);
  });
  afterAll(async () => server?.close());

  const createTopic = (member: Member, body: Record<string, unknown>) => member.browser.json('POST', '/api/topics', body);
  const postOpinion = (member: Member, topicId: string, content: string) => member.browser.json('POST', '/api/opinions', { topicId, content });
  const vote = (member: Member, opinionId: string, voteType: string, headers: Record<string, string> = {}) =>
    member.browser
      .request('POST', '/api/votes', { opinionId, voteType }, headers)
      .then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

  it('validates topics with the messages of docs/product.md, Rules', async () => {
    expect(await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId, { title: 'Tiny' }))).toEqual({
      status: 400,
      body: { message: 'Title must be at least 5 characters' },
    });
    expect(await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId, { description: 'Too short to say it' }))).toEqual({
      status: 400,
      body: { message: 'Description must be at least 20 characters' },
    });
    expect((await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId, { type: 'wedding' }))).status).toBe(400);
    expect((await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId, { expiresInDays: 31 }))).body).toEqual({ message: 'A topic runs 1 to 30 days' });
    expect(await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId, { type: 'family_discussion' }))).toEqual({
      status: 400,
      body: { message: 'Family Discussion topics are not available in this group' },
    });
    expect(await createTopic(citizen, topicBody(99_999))).toEqual({ status: 404, body: { message: 'Group not found' } });
    expect((await new TestClient(server.baseUrl).json('POST', '/api/topics', topicBody(ISLAM))).status).toBe(401);
  });

  it('gives a topic its department\u2019s default type and a 7-day life (14 for elections), listed newest first', async () => {
    const national = await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId));
    expect(national.status).toBe(201);
    expect(national.body.topic).toMatchObject({
      type: 'law_amendment',
      status: 'active',
      groupId: SAUDI_ARABIA.groupId,
      expiresAt: new Date(clock + 7 * DAY).toISOString(),
      author: { firstName: 'Layla' },
    });
    const family = await ownGroup(citizen, 'family');
    expect((await createTopic(citizen, topicBody(family))).body.topic.type).toBe('family_discussion');
    const business = await ownGroup(citizen, 'business');
    const election = await createTopic(citizen, topicBody(business, { type: 'election' }));
    expect(election.body.topic).toMatchObject({ type: 'election', expiresAt: new Date(clock + 14 * DAY).toISOString() });
    const custom = await createTopic(citizen, topicBody(1, { expiresInDays: 3 }));
    expect(custom.body.topic).toMatchObject({ groupId: family, expiresAt: new Date(clock + 3 * DAY).toISOString() });

    const listed = (await citizen.browser.json('GET', `/api/groups/${family}/topics`)).body as Array<{ id: string; canParticipate: boolean }>;
    expect(listed.map((topic) => topic.id)).toEqual([custom.body.topic.id, (listed[1] as { id: string }).id]);
    expect(listed.every((topic) => topic.canParticipate)).toBe(true);
    const one = await citizen.browser.json('GET', `/api/topics/${national.body.topic.id}`);
    expect(one.body).toMatchObject({ id: national.body.topic.id, title: 'Extend library opening hours', opinionCount: 0, canParticipate: true });
  });

  it('requires a subscription for law amendments and dispute resolutions, even in free groups', async () => {
    const member = await newMember(server);
    const refused = await createTopic(member, topicBody(ISLAM, { type: 'dispute_resolution' }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Subscription required');
    expect((await createTopic(member, topicBody(await ownGroup(member, 'family')))).status).toBe(201);
  });

  it('enforces eligibility in every department', async () => {
    const observer = await newMember(server, 'Observer');
    await subscribe(observer, server);
    const topic = (await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId))).body.topic;

    // National: verified citizens of that country only; the refusal names citizens so the client shows 'Participation Restricted'.
    const national = await postOpinion(observer, topic.id, 'As a resident I would like to say something.');
    expect(national.status).toBe(403);
    expect(national.body.message).toContain('citizens');
    expect((await createTopic(observer, topicBody(SAUDI_ARABIA.groupId))).body.message).toContain('citizens');

    // International: subscribers only.
    const unsubscribed = await newMember(server);
    expect((await createTopic(citizen, topicBody(INTERNATIONAL))).status).toBe(201);
    const international = (await citizen.browser.json('GET', `/api/groups/${INTERNATIONAL}/topics`)).body[0];
    expect((await postOpinion(unsubscribed, international.id, 'I have not subscribed yet.')).status).toBe(403);
    expect((await postOpinion(observer, international.id, 'Subscribers may speak here.')).status).toBe(201);

    // Religion: everyone.
    const religious = (await createTopic(citizen, topicBody(ISLAM, { type: 'dispute_resolution' }))).body.topic;
    expect((await postOpinion(unsubscribed, religious.id, 'Everyone may take part here.')).status).toBe(201);

    // Alliance: elected leaders only (nobody here leads a group).
    const alliance = await createTopic(citizen, topicBody(ALLIANCE));
    expect(alliance.status).toBe(403);
    expect(alliance.body.message).toBe('Only elected leaders can participate in the Leadership Alliance.');

    // Personal groups: their members only.
    const family = await ownGroup(citizen, 'family');
    const familyTopic = (await createTopic(citizen, topicBody(family))).body.topic;
    expect(await postOpinion(observer, familyTopic.id, 'Not my family, though.')).toEqual({
      status: 403,
      body: { message: 'Only members of this group can participate.' },
    });
    expect(await observer.browser.json('GET', `/api/topics/${familyTopic.id}`)).toEqual({ status: 404, body: { message: 'Topic not found' } });
    // Its opinions stay private too: the list is read beside the visibility check, never instead of it.
    expect((await postOpinion(citizen, familyTopic.id, 'Only for the family.')).status).toBe(201);
    expect(await observer.browser.json('GET', `/api/topics/${familyTopic.id}/opinions`)).toEqual({ status: 404, body: { message: 'Topic not found' } });
    expect(await observer.browser.json('GET', '/api/topics/not-a-topic/opinions')).toEqual({ status: 404, body: { message: 'Topic not found' } });
    expect((await citizen.browser.json('GET', `/api/topics/${familyTopic.id}/opinions`)).body).toHaveLength(1);
    expect(await createTopic(observer, topicBody(family))).toEqual({ status: 403, body: { message: 'Only members of this group can participate.' } });
  });

  it('takes opinions of up to 1000 characters, never blank, ordered by their tally', async () => {
    const topic = (await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId))).body.topic;
    expect(await postOpinion(citizen, topic.id, '   ')).toEqual({ status: 400, body: { message: 'Opinion cannot be empty' } });
    expect(await postOpinion(citizen, topic.id, 'x'.repeat(1001))).toEqual({ status: 400, body: { message: 'Opinion must be at most 1000 characters' } });
    const first = await postOpinion(citizen, topic.id, `  ${'y'.repeat(1000)}  `);
    expect(first.status).toBe(201);
    expect(first.body.opinion.content).toBe('y'.repeat(1000));
    const second = (await postOpinion(citizen, topic.id, 'Open until midnight instead.')).body.opinion;
    expect((await vote(citizen, second.id, 'support')).status).toBe(200);
    const opinions = (await citizen.browser.json('GET', `/api/topics/${topic.id}/opinions`)).body;
    expect(opinions.map((opinion: { id: string }) => opinion.id)).toEqual([second.id, first.body.opinion.id]);
    expect(opinions[0]).toMatchObject({ voteCount: 1, supportCount: 1, myVote: 'support', user: { firstName: 'Layla', lastName: 'Lovelace' } });
    expect(await postOpinion(citizen, '5b0a8f73-3b1f-4d39-9a7e-7f3ab1b7c111', 'Nowhere to post this.')).toEqual({
      status: 404,
      body: { message: 'Topic not found' },
    });
  });

  it('toggles votes: the same type again removes it, the other type replaces it', async () => {
    const topic = (await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId))).body.topic;
    const opinion = (await postOpinion(citizen, topic.id, 'Open the libraries on Fridays too.')).body.opinion;
    const tally = (supportCount: number, opposeCount: number) => ({
      supportCount,
      opposeCount,
      weightedSupport: supportCount,
      weightedOppose: opposeCount,
      voteCount: supportCount - opposeCount,
    });
    // The answer holds the member's vote and its position; the tally is read at that position (read-your-writes).
    const counted = async () =>
      ((await citizen.browser.json('GET', `/api/topics/${topic.id}/opinions`)).body as Array<{ id: string }>).find((item) => item.id === opinion.id);

    expect((await vote(citizen, opinion.id, 'support')).body).toEqual({
      opinionId: opinion.id,
      voteType: 'support',
      position: expect.any(String),
      receipt: { eventId: expect.any(String), leafHash: expect.any(String) },
    });
    expect(await counted()).toMatchObject({ ...tally(1, 0), myVote: 'support' });
    expect((await vote(citizen, opinion.id, 'support')).body).toMatchObject({ voteType: null });
    expect(await counted()).toMatchObject({ ...tally(0, 0), myVote: null });
    expect((await vote(citizen, opinion.id, 'oppose')).body).toMatchObject({ voteType: 'oppose' });
    expect(await counted()).toMatchObject({ ...tally(0, 1), myVote: 'oppose' });
    expect((await vote(citizen, opinion.id, 'support')).body).toMatchObject({ voteType: 'support' });
    expect(await counted()).toMatchObject({ ...tally(1, 0), myVote: 'support' });
    const removed = await citizen.browser.json('DELETE', `/api/votes/${opinion.id}`);
    expect(removed.body).toMatchObject({ voteType: null, position: expect.any(String) });
    expect(await counted()).toMatchObject({ ...tally(0, 0), myVote: null });
    expect((await citizen.browser.json('DELETE', `/api/votes/${opinion.id}`)).body).toEqual({
      opinionId: opinion.id,
      voteType: null,
      position: null,
      receipt: null,
    });
    expect((await vote(citizen, opinion.id, 'maybe')).status).toBe(400);
    expect(await vote(citizen, 'not-an-id', 'support')).toEqual({ status: 404, body: { message: 'Opinion not found' } });

    const stats = (await citizen.browser.json('GET', `/api/topics/${topic.id}/stats`)).body;
    expect(stats).toEqual({ participants: 1, totalVotes: 0, totalOpinions: 1, support: 0, oppose: 0 });
  });

  it('counts 100 concurrent identical votes from one member once', async () => {
    const topic = (await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId))).body.topic;
    const opinion = (await postOpinion(citizen, topic.id, 'One member, one vote.')).body.opinion;
    // One click retried 100 times at once (same Idempotency-Key): one vote.
    const answers = await Promise.all(Array.from({ length: 100 }, () => vote(citizen, opinion.id, 'support', { 'idempotency-key': 'click-7f3a9c1e' })));
    expect(answers.filter((answer) => answer.status !== 200 || answer.body.voteType !== 'support')).toEqual([]);
    const [cast] = await server.query(`select count(*)::int as n from events where type = 'VoteCast' and data->>'opinionId' = $1`, [opinion.id]);
    expect(cast.n).toBe(1);

    // 100 distinct requests at once toggle one after another, yet never count the member twice.
    const second = (await postOpinion(citizen, topic.id, 'Still one member, one vote.')).body.opinion;
    const raced = await Promise.all(Array.from({ length: 100 }, () => vote(citizen, second.id, 'support')));
    expect(raced.every((answer) => answer.status === 200)).toBe(true);
    const events = await server.query(`select type from events where stream_id = $1 order by stream_position`, [`vote-${second.id}-${citizen.userId}`]);
    expect(events).toHaveLength(100);
    expect(events.every((row, index) => row.type === (index % 2 === 0 ? 'VoteCast' : 'VoteRetracted'))).toBe(true);
    const opinions = (await citizen.browser.json('GET', `/api/topics/${topic.id}/opinions`)).body as Array<{
      id: string;
      supportCount: number;
      myVote: string | null;
    }>;
    expect(opinions.find((item) => item.id === opinion.id)).toMatchObject({ supportCount: 1, myVote: 'support' });
    expect(opinions.find((item) => item.id === second.id)).toMatchObject({ supportCount: 0, myVote: null });
  });

  it('lets only its creator delete a topic, which then disappears', async () => {
    const topic = (await createTopic(citizen, topicBody(SAUDI_ARABIA.groupId))).body.topic;
    const other = await newMember(server);
    await verify(other, SAUDI_ARABIA.name, '2222222222');
    expect(await other.browser.json('DELETE', `/api/topics/${topic.id}`)).toEqual({
      status: 403,
      body: { message: 'Only the creator of a topic can delete it.' },
    });
    expect((await citizen.browser.json('DELETE', `/api/topics/${topic.id}`)).status).toBe(200);
    expect(await citizen.browser.json('GET', `/api/topics/${topic.id}`)).toEqual({ status: 404, body: { message: 'Topic not found' } });
    const listed = (await citizen.browser.json('GET', `/api/groups/${SAUDI_ARABIA.groupId}/topics`)).body as Array<{ id: string }>;
    expect(listed.some((item) => item.id === topic.id)).toBe(false);
    expect(await postOpinion(citizen, topic.id, 'Too late for this one.')).toEqual({ status: 404, body: { message: 'Topic not found' } });
    expect((await citizen.browser.json('DELETE', `/api/topics/${topic.id}`)).status).toBe(404);
  });

  it('counts real numbers for members, groups and topics', async () => {
    const member = await newMember(server, 'Counter');
    await verify(member, 'Oman', '5555555555');
    await subscribe(member, server);
    const oman = 1512;
    const before = (await member.browser.json('GET', `/api/groups/${oman}/stats`)).body;
    const topic = (await createTopic(member, topicBody(oman))).body.topic;
    const opinion = (await postOpinion(member, topic.id, 'Counting is caring.')).body.opinion;
    await vote(member, opinion.id, 'support');
    expect((await member.browser.json('GET', '/api/user/stats')).body).toEqual({
      topicsCreated: 1,
      votesCast: 1,
      opinionsPosted: 1,
      electionsWon: 0,
      delegatesCount: 0,
      groupsLed: 0,
      participationScore: 8,
    });
    expect((await member.browser.json('GET', '/api/auth/user')).body.participationScore).toBe(8);
    expect((await member.browser.json('GET', `/api/groups/${oman}/stats`)).body).toEqual({
      ...before,
      activeMembers: before.activeMembers + 1,
      activeTopics: before.activeTopics + 1,
    });
    expect((await member.browser.json('GET', `/api/topics/${topic.id}/stats`)).body).toEqual({
      participants: 1,
      totalVotes: 1,
      totalOpinions: 1,
      support: 1,
      oppose: 0,
    });
    expect((await member.browser.json('GET', `/api/groups/${oman}`)).body.memberCount).toBe(before.activeMembers + 1);
  });
});
