import {
  BALLOT_FOR_METHOD,
  EMPTY_RANKING,
  IDEMPOTENCY_KEY_REUSED,
  LAW_METHOD_ONLY_SCHULZE,
  NOT_AN_ELECTION,
  NOT_A_CITIZEN,
  OPINION_NOT_FOUND_ON_BALLOT,
  RANKED_TOPIC_TAKES_BALLOTS,
  TOPIC_CLOSED,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { OPTION_TWICE } from '../../src/elections/ballot-by-method';
import { METHOD_FOR_COUNTED_TYPES_ONLY } from '../../src/topics/topics-service';
import { makeAdmin } from '../moderation/moderation-members';
import { ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';

const DAY = 86_400_000;
// The clock travels at the end; sessions must outlive it.
const env = { SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };
const receipt = { eventId: expect.any(String), leafHash: expect.any(String) };
const MISSING = '6f0c3a1e-8d2b-4c5a-9e7f-1b2c3d4e5f60';

/**
 * Deciding among opinions over HTTP (issue #34 item 2): a law topic opened with method 'schulze',
 * its ranked ballot through POST /api/topics/<id>/ballot (opinions and the topic's own id for no
 * change), and the vote route refusing such a topic.
 */
describe('a law topic decided among its opinions, through the routes', () => {
  let server: TestServer;
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let amina: Member;
  let bilal: Member;
  let carim: Member;
  let visitor: Member;
  let topicId: string;
  let [o1, o2, o3] = ['', '', ''];
  const signedOut = () => new TestClient(server.baseUrl);
  const createTopic = (member: Member, body: Record<string, unknown>) => member.browser.json('POST', '/api/topics', body);
  const postOpinion = async (member: Member, topic: string, content: string) => {
    const answer = await member.browser.json('POST', '/api/opinions', { topicId: topic, content });
    expect(answer.status).toBe(201);
    return answer.body.opinion.id as string;
  };
  const ballot = (member: Member | TestClient, topic: string, body: unknown) =>
    ('browser' in member ? member.browser : member).json('POST', `/api/topics/${topic}/ballot`, body);
  const vote = (member: Member, opinionId: string, voteType = 'support') => member.browser.json('POST', '/api/votes', { opinionId, voteType });
  const recorded = async (type: string, topic: string) =>
    (
      await server.query<{ data: Record<string, unknown> }>(`select data from events where type = $1 and data->>'topicId' = $2 order by global_position`, [
        type,
        topic,
      ])
    ).map((row) => row.data);
  const ballotEvents = async (topic: string) =>
    (
      await server.query<{ type: string; data: Record<string, unknown> }>(`select type, data from events where stream_id like $1 order by global_position`, [
        `ballot-${topic}-%`,
      ])
    ).map(({ type, data }) => ({ type, userId: data.userId, ranking: data.ranking }));

  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env });
    [amina, bilal, carim, visitor] = await Promise.all([
      newMember(server, 'Amina'),
      newMember(server, 'Bilal'),
      newMember(server, 'Carim'),
      newMember(server, 'Vito'),
    ]);
    await Promise.all([amina, bilal, carim].map((member, index) => verify(member, SAUDI_ARABIA.name, `620000000${index}`)));
    await Promise.all([subscribe(amina, server), subscribe(bilal, server)]);
    const opened = await createTopic(amina, topicBody(SAUDI_ARABIA.groupId, { title: 'Which opening hours?', method: 'schulze' }));
    expect(opened.status).toBe(201);
    topicId = opened.body.topic.id;
    // Posting opinions on such a topic is as on any other.
    o1 = await postOpinion(amina, topicId, 'Open until 22:00 on weekdays.');
    o2 = await postOpinion(bilal, topicId, 'Open on Saturdays instead.');
    o3 = await postOpinion(carim, topicId, 'Open until 20:00 every day.');
  });
  afterAll(async () => server?.close());

  describe('opening with a method', () => {
    it('records method schulze on a law amendment or a dispute resolution, answers it, and a law topic without one answers null', async () => {
      expect(await recorded('TopicCreated', topicId)).toEqual([expect.objectContaining({ type: 'law_amendment', method: 'schulze' })]);
      const dispute = await createTopic(amina, topicBody(ISLAM, { type: 'dispute_resolution', title: 'Which prayer hall rota?', method: 'schulze' }));
      expect(dispute.status).toBe(201);
      expect(dispute.body.topic).toMatchObject({ type: 'dispute_resolution', method: 'schulze' });
      expect(await recorded('TopicCreated', dispute.body.topic.id)).toEqual([expect.objectContaining({ method: 'schulze' })]);
      const plain = await createTopic(amina, topicBody(ISLAM, { type: 'law_amendment', title: 'A plain law topic' }));
      expect(plain.body.topic.method).toBeNull();
      expect(await recorded('TopicCreated', plain.body.topic.id)).toEqual([expect.not.objectContaining({ method: expect.anything() })]);
    });

    it('refuses plurality or approval on a law type (400), any method on a discussion (400), and records nothing', async () => {
      const before = (await server.query(`select 1 from events where type = 'TopicCreated'`)).length;
      for (const type of ['law_amendment', 'dispute_resolution'])
        for (const method of ['plurality', 'approval'])
          expect(await createTopic(amina, topicBody(ISLAM, { type, method }))).toEqual({ status: 400, body: { message: LAW_METHOD_ONLY_SCHULZE } });
      const family = await ownGroup(amina, 'family');
      expect(await createTopic(amina, topicBody(family, { method: 'schulze' }))).toEqual({ status: 400, body: { message: METHOD_FOR_COUNTED_TYPES_ONLY } });
      // The method's refusal comes before the subscription's: an unsubscribed member hears what is wrong with the body.
      expect(await createTopic(carim, topicBody(ISLAM, { method: 'approval' }))).toEqual({ status: 400, body: { message: LAW_METHOD_ONLY_SCHULZE } });
      expect((await createTopic(carim, topicBody(ISLAM, { method: 'schulze' }))).status).toBe(403);
      expect(await signedOut().json('POST', '/api/topics', topicBody(ISLAM, { method: 'plurality' }))).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      });
      expect((await server.query(`select 1 from events where type = 'TopicCreated'`)).length).toBe(before);
    });
  });

  it('documents the ranked ballot over opinions and the vote route\u2019s refusal in OpenAPI', async () => {
    const documented = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const ballotRefusals = documented.paths['/api/topics/{id}/ballot']!.post!.responses;
    for (const message of [BALLOT_FOR_METHOD.rankedOpinions, EMPTY_RANKING, OPTION_TWICE, NOT_AN_ELECTION])
      expect(ballotRefusals['400']!.description).toContain(message);
    expect(ballotRefusals['404']!.description).toContain(OPINION_NOT_FOUND_ON_BALLOT);
    for (const route of [documented.paths['/api/votes']!.post!, documented.paths['/api/votes/{opinionId}']!.delete!]) {
      expect(route.responses['400']!.description).toContain(RANKED_TOPIC_TAKES_BALLOTS);
      expect(route.responses['403']!.description).toContain(TOPIC_CLOSED);
      expect(route.responses['401']!.description).toContain('Unauthorized');
    }
    const creation = documented.paths['/api/topics']!.post!.responses['400']!.description;
    expect(creation).toContain(LAW_METHOD_ONLY_SCHULZE);
    expect(creation).toContain(METHOD_FOR_COUNTED_TYPES_ONLY);
  });

  describe('the ranked ballot', () => {
    it('casts a ranking of opinions and no change, replaces it whole, and appends nothing for the same one again', async () => {
      expect(await ballot(carim, topicId, { ranking: [[o2], [topicId], [o1]] })).toEqual({
        status: 200,
        body: { position: expect.any(String), topicId, candidateId: null, ranking: [[o2], [topicId], [o1]], receipt },
      });
      // Ids in capitals are the same options, recorded in lower case; no change may tie with an opinion.
      const replaced = await ballot(carim, topicId, { ranking: [[o3.toUpperCase()], [o1, topicId.toUpperCase()]] });
      expect(replaced).toMatchObject({ status: 200, body: { ranking: [[o3], [o1, topicId]], receipt } });
      // The same ballot again (a tier's order is no preference): nothing appended, the standing ranking answered.
      expect(await ballot(carim, topicId, { ranking: [[o3], [topicId, o1]] })).toEqual({
        status: 200,
        body: { position: null, topicId, candidateId: null, ranking: [[o3], [o1, topicId]], receipt: null },
      });
      // No change alone is a ballot: every opinion below it. Opinions alone too: no change below them all.
      expect((await ballot(amina, topicId, { ranking: [[topicId]] })).body).toMatchObject({ ranking: [[topicId]], receipt });
      expect((await ballot(bilal, topicId, { ranking: [[o1, o2]] })).body).toMatchObject({ ranking: [[o1, o2]], receipt });
      expect(await ballotEvents(topicId)).toEqual([
        { type: 'RankedBallotCast', userId: carim.userId, ranking: [[o2], [topicId], [o1]] },
        { type: 'RankedBallotCast', userId: carim.userId, ranking: [[o3], [o1, topicId]] },
        { type: 'RankedBallotCast', userId: amina.userId, ranking: [[topicId]] },
        { type: 'RankedBallotCast', userId: bilal.userId, ranking: [[o1, o2]] },
      ]);
    });

    it('counts one click once with an Idempotency-Key, and refuses the key with another ranking (422)', async () => {
      const click = (ranking: string[][]) =>
        bilal.browser
          .request('POST', `/api/topics/${topicId}/ballot`, { ranking }, { 'idempotency-key': 'opinion-ballot-0001' })
          .then(async (response) => ({ status: response.status, body: await response.json() }));
      const before = (await ballotEvents(topicId)).length;
      const first = await click([[o2], [topicId]]);
      expect(first).toMatchObject({ status: 200, body: { ranking: [[o2], [topicId]], receipt } });
      expect(await click([[o2], [topicId]])).toEqual(first);
      expect(await click([[o1]])).toEqual({ status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } });
      expect((await ballotEvents(topicId)).length).toBe(before + 1);
    });

    it('refuses the wrong shape (400), an option twice (400), strangers (404), the ineligible (403), signed out first (401), appending nothing', async () => {
      const other = (await createTopic(amina, topicBody(SAUDI_ARABIA.groupId, { title: 'Another ranked topic', method: 'schulze' }))).body.topic.id as string;
      const foreign = await postOpinion(amina, other, 'An opinion of another topic.');
      const before = await ballotEvents(topicId);
      const refused = async (body: unknown, status: number, message: string) =>
        expect(await ballot(carim, topicId, body)).toEqual({ status, body: { message } });
      for (const body of [{ candidateId: o1 }, { approvals: [o1] }, {}, { ranking: [[o1]], candidateId: o1 }])
        await refused(body, 400, BALLOT_FOR_METHOD.rankedOpinions);
      await refused({ ranking: [] }, 400, EMPTY_RANKING);
      await refused({ ranking: [[o1], [o2, o1]] }, 400, OPTION_TWICE);
      await refused({ ranking: [[topicId], [o1, topicId.toUpperCase()]] }, 400, OPTION_TWICE);
      await refused({ ranking: [[o1, o1.toUpperCase()]] }, 400, OPTION_TWICE);
      // An opinion of another topic, that topic's own id, an id of nothing, a text that is no id.
      for (const stray of [foreign, other, MISSING, 'nobody']) await refused({ ranking: [[o1], [stray]] }, 404, OPINION_NOT_FOUND_ON_BALLOT);
      // The member's refusal comes before the strangers' (as for candidates).
      expect(await ballot(visitor, topicId, { ranking: [[o1]] })).toEqual({ status: 403, body: { message: NOT_A_CITIZEN } });
      expect(await ballot(visitor, topicId, { ranking: [[MISSING]] })).toEqual({ status: 403, body: { message: NOT_A_CITIZEN } });
      for (const body of [{}, { ranking: [] }, { ranking: [[MISSING]] }])
        expect(await ballot(signedOut(), topicId, body)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await ballotEvents(topicId)).toEqual(before);
    });

    it('refuses a ballot on a law topic without a method and on a discussion (400 not an election), and on a deleted topic (404)', async () => {
      const plain = (await createTopic(amina, topicBody(ISLAM, { title: 'Per-opinion law topic' }))).body.topic.id as string;
      const opinion = await postOpinion(amina, plain, 'Support or oppose me.');
      expect(await ballot(amina, plain, { ranking: [[opinion]] })).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      const family = (await createTopic(amina, topicBody(await ownGroup(amina, 'family')))).body.topic.id as string;
      expect(await ballot(amina, family, { ranking: [[family]] })).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      const doomed = (await createTopic(amina, topicBody(ISLAM, { title: 'A ranked topic to delete', method: 'schulze' }))).body.topic.id as string;
      expect((await amina.browser.json('DELETE', `/api/topics/${doomed}`)).status).toBe(200);
      expect(await ballot(amina, doomed, { ranking: [[doomed]] })).toEqual({ status: 404, body: { message: 'Topic not found' } });
    });

    it('takes a hidden opinion on a ballot, as the vote route takes a vote on one', async () => {
      const admin = await makeAdmin(server, await newMember(server, 'Amal'));
      const hide = async (opinionId: string) => {
        const report = await carim.browser.json('POST', '/api/feedback/report', {
          type: 'harassment',
          content: 'It insults members.',
          targetType: 'opinion',
          targetId: opinionId,
        });
        expect(report.status).toBe(201);
        const action = await admin.browser.json('POST', `/api/admin/reports/${report.body.report.id}/action`, { action: 'hide', reason: 'Insults.' });
        expect(action.status).toBe(200);
      };
      const ranked = (await createTopic(amina, topicBody(ISLAM, { title: 'Ranked, with a hidden opinion', method: 'schulze' }))).body.topic.id as string;
      const hiddenRanked = await postOpinion(bilal, ranked, 'A rude proposal.');
      const plain = (await createTopic(amina, topicBody(ISLAM, { title: 'Voted, with a hidden opinion' }))).body.topic.id as string;
      const hiddenVoted = await postOpinion(bilal, plain, 'A rude opinion.');
      await Promise.all([hide(hiddenRanked), hide(hiddenVoted)]);
      expect((await vote(visitor, hiddenVoted)).body).toMatchObject({ opinionId: hiddenVoted, voteType: 'support', receipt });
      expect(await ballot(visitor, ranked, { ranking: [[hiddenRanked], [ranked]] })).toMatchObject({
        status: 200,
        body: { ranking: [[hiddenRanked], [ranked]], receipt },
      });
    });
  });

  describe('the vote route on such a topic', () => {
    it('refuses support, oppose and a removal (400), the topic\u2019s refusal before the member\u2019s, and records no vote', async () => {
      for (const voteType of ['support', 'oppose'])
        expect(await vote(carim, o1, voteType)).toEqual({ status: 400, body: { message: RANKED_TOPIC_TAKES_BALLOTS } });
      expect(await carim.browser.json('DELETE', `/api/votes/${o1}`)).toEqual({ status: 400, body: { message: RANKED_TOPIC_TAKES_BALLOTS } });
      expect(await vote(visitor, o2)).toEqual({ status: 400, body: { message: RANKED_TOPIC_TAKES_BALLOTS } });
      expect(await signedOut().json('POST', '/api/votes', { opinionId: o1, voteType: 'support' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await recorded('VoteCast', topicId)).toEqual([]);
      // A law topic without a method still takes votes, from the eligible only.
      const plain = (await createTopic(amina, topicBody(SAUDI_ARABIA.groupId, { title: 'Still voted on' }))).body.topic.id as string;
      const opinion = await postOpinion(amina, plain, 'Vote on me.');
      expect((await vote(carim, opinion)).body).toMatchObject({ opinionId: opinion, voteType: 'support', receipt });
      expect(await vote(visitor, opinion)).toEqual({ status: 403, body: { message: NOT_A_CITIZEN } });
    });
  });

  it('refuses ballots and votes once the topic has expired (403)', async () => {
    clock += 8 * DAY;
    expect(await ballot(carim, topicId, { ranking: [[o1]] })).toEqual({ status: 403, body: { message: TOPIC_CLOSED } });
    expect(await vote(carim, o1)).toEqual({ status: 403, body: { message: TOPIC_CLOSED } });
  });
});
