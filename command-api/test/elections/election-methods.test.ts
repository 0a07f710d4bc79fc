import {
  BALLOT_FOR_METHOD,
  CANDIDATE_NOT_FOUND,
  CANDIDATE_TWICE,
  EMPTY_APPROVALS,
  EMPTY_RANKING,
  IDEMPOTENCY_KEY_REUSED,
  LAW_METHOD_ONLY_SCHULZE,
  NOT_A_CITIZEN,
  TOPIC_CLOSED,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { METHOD_FOR_COUNTED_TYPES_ONLY } from '../../src/topics/topics-service';
import { ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';

const DAY = 86_400_000;
// The clock travels at the end; sessions must outlive it.
const env = { SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };
const CHRISTIANITY = 3;
const JUDAISM = 4;
const METHOD_MESSAGE = "Method must be 'plurality', 'schulze' or 'approval'";
const receipt = { eventId: expect.any(String), leafHash: expect.any(String) };

/** Election methods over HTTP (issue #34, API): opening with a method, and each method's ballot through POST /api/topics/<id>/ballot. */
describe('election methods through the routes', () => {
  let server: TestServer;
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let amina: Member;
  let bilal: Member;
  let carim: Member;
  let voter: Member;
  let visitor: Member;
  const signedOut = () => new TestClient(server.baseUrl);
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env });
    [amina, bilal, carim, voter, visitor] = await Promise.all([
      newMember(server, 'Amina'),
      newMember(server, 'Bilal'),
      newMember(server, 'Carim'),
      newMember(server, 'Vera'),
      newMember(server, 'Vito'),
    ]);
    await Promise.all([amina, bilal, carim, voter].map((member, index) => verify(member, SAUDI_ARABIA.name, `610000000${index}`)));
    await Promise.all([subscribe(amina, server), subscribe(bilal, server), subscribe(carim, server)]);
  });
  afterAll(async () => server?.close());

  const recorded = async (type: string, topicId: string) =>
    (
      await server.query<{ data: Record<string, unknown> }>(`select data from events where type = $1 and data->>'topicId' = $2 order by global_position`, [
        type,
        topicId,
      ])
    ).map((row) => row.data);
  const openMainElection = (member: Member, groupId: number, body?: unknown) => member.browser.json('POST', `/api/groups/${groupId}/main-election`, body);
  const ballot = (member: Member | TestClient, topicId: string, body: unknown) =>
    ('browser' in member ? member.browser : member).json('POST', `/api/topics/${topicId}/ballot`, body);
  const stand = async (topicId: string, ...members: Member[]) => {
    const ids: string[] = [];
    for (const member of members) {
      const answer = await member.browser.json('POST', '/api/candidates', { topicId });
      expect(answer.status).toBe(201);
      ids.push(answer.body.candidate.id);
    }
    return ids;
  };

  describe('opening with a method', () => {
    it('records an election\u2019s method on POST /api/topics, plurality when none is named, and answers with it', async () => {
      const business = await ownGroup(amina, 'business');
      const create = (overrides: Record<string, unknown>) => amina.browser.json('POST', '/api/topics', topicBody(business, overrides));
      const schulze = await create({ type: 'election', title: 'Ranked team lead', method: 'schulze' });
      expect(schulze.status).toBe(201);
      expect(schulze.body.topic).toMatchObject({ type: 'election', method: 'schulze' });
      expect(await recorded('TopicCreated', schulze.body.topic.id)).toEqual([expect.objectContaining({ method: 'schulze' })]);
      const plain = await create({ type: 'election', title: 'Plain team lead' });
      expect(plain.body.topic.method).toBe('plurality');
      expect(await recorded('TopicCreated', plain.body.topic.id)).toEqual([expect.objectContaining({ method: 'plurality' })]);
      expect((await create({ type: 'election', title: 'Approved team lead', method: 'approval' })).body.topic.method).toBe('approval');

      // Other topics take no method, and answer null.
      const law = await amina.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { title: 'Longer library hours' }));
      expect(law.body.topic.method).toBeNull();
      expect(await recorded('TopicCreated', law.body.topic.id)).toEqual([expect.not.objectContaining({ method: expect.anything() })]);
      expect(await create({ type: 'business_discussion', method: 'schulze' })).toEqual({ status: 400, body: { message: METHOD_FOR_COUNTED_TYPES_ONLY } });
      expect(await create({ type: 'law_amendment', method: 'plurality' })).toEqual({ status: 400, body: { message: LAW_METHOD_ONLY_SCHULZE } });
      expect(await create({ type: 'election', method: 'borda' })).toEqual({ status: 400, body: { message: METHOD_MESSAGE } });
      // Signed out is 401 whatever the body says.
      expect(await signedOut().json('POST', '/api/topics', topicBody(business, { type: 'business_discussion', method: 'borda' }))).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      });
    });

    it('opens a main election with the body\u2019s method, and without a body as before (plurality)', async () => {
      const ranked = await openMainElection(amina, SAUDI_ARABIA.groupId, { method: 'schulze' });
      expect(ranked.status).toBe(201);
      expect(ranked.body.election).toMatchObject({ type: 'election', isMainElection: true, method: 'schulze' });
      const topicId = ranked.body.election.id;
      expect(await recorded('MainElectionOpened', topicId)).toEqual([expect.objectContaining({ method: 'schulze' })]);
      expect(await recorded('TopicCreated', topicId)).toEqual([expect.objectContaining({ method: 'schulze', isMainElection: true })]);

      const bare = await openMainElection(voter, CHRISTIANITY);
      expect(bare.status).toBe(201);
      expect(bare.body.election.method).toBe('plurality');
      expect(await recorded('TopicCreated', bare.body.election.id)).toEqual([expect.objectContaining({ method: 'plurality' })]);

      expect((await openMainElection(voter, ISLAM, { method: 'approval' })).body.election.method).toBe('approval');

      expect(await openMainElection(voter, JUDAISM, { method: 'borda' })).toEqual({ status: 400, body: { message: METHOD_MESSAGE } });
      expect((await openMainElection(voter, JUDAISM, 'schulze')).status).toBe(400);
      expect(await signedOut().json('POST', `/api/groups/${JUDAISM}/main-election`, { method: 'borda' })).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      });
      // An empty body is no choice: plurality.
      expect((await openMainElection(voter, JUDAISM, {})).body.election.method).toBe('plurality');
    });

    it('answers a repeated Idempotency-Key with the election it opened, and refuses the key with another method', async () => {
      const open = (method: string) =>
        amina.browser
          .request('POST', `/api/groups/${JUDAISM + 1}/main-election`, { method }, { 'idempotency-key': 'open-ranked-0001' })
          .then(async (response) => ({ status: response.status, body: await response.json() }));
      const first = await open('schulze');
      expect(first.status).toBe(201);
      expect(await open('schulze')).toEqual(first);
      expect(await open('approval')).toEqual({ status: 422, body: { message: IDEMPOTENCY_KEY_REUSED } });
    });
  });

  it('documents the methods, the ballot fields and the ballot refusals in OpenAPI', async () => {
    const documented = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<
        string,
        { post: { requestBody: { content: { 'application/json': { schema: any } } }; responses: Record<string, { description: string }> } }
      >;
    };
    const post = (path: string) => documented.paths[path]!.post;
    const bodyOf = (path: string) => post(path).requestBody.content['application/json'].schema;
    const methods = ['plurality', 'schulze', 'approval'];
    expect(bodyOf('/api/topics').properties.method.enum).toEqual(methods);
    expect(bodyOf('/api/groups/{id}/main-election').properties.method.enum).toEqual(methods);
    expect(Object.keys(bodyOf('/api/topics/{id}/ballot').properties)).toEqual(['candidateId', 'ranking', 'approvals']);
    const refusals = post('/api/topics/{id}/ballot').responses;
    for (const message of [...Object.values(BALLOT_FOR_METHOD), EMPTY_RANKING, EMPTY_APPROVALS, CANDIDATE_TWICE])
      expect(refusals['400']!.description).toContain(message);
    expect(refusals['403']!.description).toContain(TOPIC_CLOSED);
    expect(refusals['404']!.description).toContain(CANDIDATE_NOT_FOUND);
    expect(refusals['401']!.description).toContain('Unauthorized');
    expect(post('/api/topics').responses['400']!.description).toContain(METHOD_FOR_COUNTED_TYPES_ONLY);
  });

  describe('ballots by method', () => {
    let ranked: string;
    let approval: string;
    let [a, b, c] = ['', '', ''];
    let [x, y] = ['', ''];
    beforeAll(async () => {
      ranked = (await amina.browser.json('GET', `/api/groups/${SAUDI_ARABIA.groupId}/main-election`)).body.id;
      [a, b, c] = (await stand(ranked, amina, bilal, carim)) as [string, string, string];
      approval = (await voter.browser.json('GET', `/api/groups/${ISLAM}/main-election`)).body.id;
      [x, y] = (await stand(approval, amina, bilal)) as [string, string];
    });
    const ballotEvents = async (topicId: string) =>
      (
        await server.query<{ type: string; data: Record<string, unknown> }>(`select type, data from events where stream_id like $1 order by global_position`, [
          `ballot-${topicId}-%`,
        ])
      ).map(({ type, data }) => ({ type, userId: data.userId, choice: data.ranking ?? data.approvals ?? data.candidateId }));

    it('casts a ranking, replaces it whole, and appends nothing for the same one again', async () => {
      expect(await ballot(voter, ranked, { ranking: [[b], [a, c]] })).toEqual({
        status: 200,
        body: { position: expect.any(String), topicId: ranked, candidateId: null, ranking: [[b], [a, c]], receipt },
      });
      // Ids as sent in capitals are the same candidates, recorded in lower case.
      const replaced = await ballot(voter, ranked, { ranking: [[c.toUpperCase()], [a]] });
      expect(replaced.body).toMatchObject({ ranking: [[c], [a]], receipt });
      // The same ballot again (a tier's order is no preference): nothing appended, the standing ranking answered.
      expect(await ballot(voter, ranked, { ranking: [[c], [a]] })).toEqual({
        status: 200,
        body: { position: null, topicId: ranked, candidateId: null, ranking: [[c], [a]], receipt: null },
      });
      expect((await ballot(amina, ranked, { ranking: [[a, b]] })).body.receipt).toEqual(receipt);
      expect((await ballot(amina, ranked, { ranking: [[b, a]] })).body).toMatchObject({ position: null, ranking: [[a, b]] });
      expect(await ballotEvents(ranked)).toEqual([
        { type: 'RankedBallotCast', userId: voter.userId, choice: [[b], [a, c]] },
        { type: 'RankedBallotCast', userId: voter.userId, choice: [[c], [a]] },
        { type: 'RankedBallotCast', userId: amina.userId, choice: [[a, b]] },
      ]);
    });

    it('counts one click once with an Idempotency-Key', async () => {
      const click = (ranking: string[][]) =>
        bilal.browser
          .request('POST', `/api/topics/${ranked}/ballot`, { ranking }, { 'idempotency-key': 'ranked-click-0001' })
          .then(async (response) => ({ status: response.status, body: await response.json() }));
      const first = await click([[b], [c], [a]]);
      expect(first.body).toMatchObject({ ranking: [[b], [c], [a]], receipt });
      expect(await click([[b], [c], [a]])).toEqual(first);
      expect((await click([[c]])).status).toBe(422);
      expect((await ballotEvents(ranked)).filter((event) => event.userId === bilal.userId)).toHaveLength(1);
    });

    it('refuses a ranked ballot of the wrong shape (400), naming strangers (404), from the ineligible (403), signed out first (401)', async () => {
      const before = await ballotEvents(ranked);
      const refused = async (body: unknown, status: number, message: string) =>
        expect(await ballot(carim, ranked, body)).toEqual({ status, body: { message } });
      for (const body of [{ candidateId: a }, { approvals: [a] }, {}, { ranking: [[a]], candidateId: a }]) await refused(body, 400, BALLOT_FOR_METHOD.schulze);
      await refused({ ranking: [] }, 400, EMPTY_RANKING);
      await refused({ ranking: [[a], [b, a]] }, 400, CANDIDATE_TWICE);
      await refused({ ranking: [[a, a.toUpperCase()]] }, 400, CANDIDATE_TWICE);
      await refused({ ranking: [[a], []] }, 400, 'A rank must hold at least one candidate');
      await refused({ ranking: 'a,b' }, 400, 'Ranking must be a list of ranks');
      await refused({ ranking: [[a], [x]] }, 404, CANDIDATE_NOT_FOUND);
      await refused({ ranking: [['6f0c3a1e-8d2b-4c5a-9e7f-1b2c3d4e5f60']] }, 404, CANDIDATE_NOT_FOUND);
      await refused({ ranking: [['nobody']] }, 404, CANDIDATE_NOT_FOUND);
      expect(await ballot(visitor, ranked, { ranking: [[a]] })).toEqual({ status: 403, body: { message: NOT_A_CITIZEN } });
      for (const body of [{}, { ranking: [] }, { ranking: 'nonsense' }])
        expect(await ballot(signedOut(), ranked, body)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await ballotEvents(ranked)).toEqual(before);
    });

    it('casts approvals, replaces them whole, appends nothing for the same ones in any order, and refuses bad ones', async () => {
      expect(await ballot(voter, approval, { approvals: [y, x] })).toEqual({
        status: 200,
        body: { position: expect.any(String), topicId: approval, candidateId: null, approvals: [y, x], receipt },
      });
      expect(await ballot(voter, approval, { approvals: [x, y] })).toEqual({
        status: 200,
        body: { position: null, topicId: approval, candidateId: null, approvals: [y, x], receipt: null },
      });
      // A religion group is open to every member: the unverified visitor approves too.
      expect((await ballot(visitor, approval, { approvals: [y.toUpperCase()] })).body).toMatchObject({ approvals: [y], receipt });
      expect((await ballot(visitor, approval, { approvals: [x] })).body).toMatchObject({ approvals: [x], receipt });
      const before = await ballotEvents(approval);
      expect(before).toEqual([
        { type: 'ApprovalBallotCast', userId: voter.userId, choice: [y, x] },
        { type: 'ApprovalBallotCast', userId: visitor.userId, choice: [y] },
        { type: 'ApprovalBallotCast', userId: visitor.userId, choice: [x] },
      ]);
      const refused = async (body: unknown, status: number, message: string) =>
        expect(await ballot(voter, approval, body)).toEqual({ status, body: { message } });
      for (const body of [{ candidateId: x }, { ranking: [[x]] }, {}]) await refused(body, 400, BALLOT_FOR_METHOD.approval);
      await refused({ approvals: [] }, 400, EMPTY_APPROVALS);
      await refused({ approvals: [x, y, x] }, 400, CANDIDATE_TWICE);
      await refused({ approvals: [x, a] }, 404, CANDIDATE_NOT_FOUND);
      await refused({ approvals: ['nobody'] }, 404, CANDIDATE_NOT_FOUND);
      expect(await ballot(signedOut(), approval, { approvals: [] })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(await ballotEvents(approval)).toEqual(before);
    });

    it('keeps plurality as it was: one candidateId, and the other methods\u2019 fields refused', async () => {
      const plurality = (await voter.browser.json('GET', `/api/groups/${CHRISTIANITY}/main-election`)).body.id;
      const [z] = await stand(plurality, carim);
      for (const body of [{}, { ranking: [[z]] }, { approvals: [z] }, { candidateId: z, approvals: [z] }])
        expect(await ballot(voter, plurality, body)).toEqual({ status: 400, body: { message: BALLOT_FOR_METHOD.plurality } });
      expect(await ballot(voter, plurality, { candidateId: z!.toUpperCase() })).toEqual({
        status: 200,
        body: { position: expect.any(String), topicId: plurality, candidateId: z, receipt },
      });
      expect((await ballot(voter, plurality, { candidateId: z })).body.candidateId).toBeNull();
      expect(await ballot(voter, plurality, { candidateId: 'nobody' })).toEqual({ status: 404, body: { message: CANDIDATE_NOT_FOUND } });
    });

    it('refuses every method\u2019s ballot once the election has expired (403)', async () => {
      clock += 14 * DAY;
      expect(await ballot(voter, ranked, { ranking: [[a]] })).toEqual({ status: 403, body: { message: TOPIC_CLOSED } });
      expect(await ballot(voter, approval, { approvals: [x] })).toEqual({ status: 403, body: { message: TOPIC_CLOSED } });
    });
  });
});
