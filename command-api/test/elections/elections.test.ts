import {
  ALREADY_REGISTERED,
  CANDIDATE_NOT_FOUND,
  MAIN_ELECTION_EXISTS,
  MAIN_ELECTION_GROUPS,
  NOT_AN_ELECTION,
  NO_MAIN_ELECTION,
  ONLY_YOURSELF,
  SUBSCRIPTION_REQUIRED_TO_RUN,
} from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test-support/http-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { TOPIC_MISMATCH } from '../../src/elections/elections.routes';
import { startCommandApiReplica } from '../http-edge/command-api-replica';
import { ALLIANCE, INTERNATIONAL, ISLAM, SAUDI_ARABIA, newMember, ownGroup, subscribe, topicBody, verify, type Member } from '../participation/members';

const DAY = 86_400_000;
// The clock travels in the later tests; sessions must outlive it.
const env = { SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };

describe('elections: main elections, candidacies and ballots', () => {
  let server: TestServer;
  // Real time at first: the candidacy race runs against a second command-api on the real clock.
  let clock = Date.now();
  let citizen: Member;
  let rival: Member;
  let voter: Member;
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env });
    [citizen, rival, voter] = await Promise.all([newMember(server, 'Nadia'), newMember(server, 'Karim'), newMember(server, 'Salma')]);
    await Promise.all([
      verify(citizen, SAUDI_ARABIA.name, '4000000001'),
      verify(rival, SAUDI_ARABIA.name, '4000000002'),
      verify(voter, SAUDI_ARABIA.name, '4000000003'),
    ]);
    await Promise.all([subscribe(citizen, server), subscribe(rival, server)]);
  });
  afterAll(async () => server?.close());

  /** The reader has seen what every other member wrote (as one browser would after both): reads wait for it. */
  const seen = (reader: Member, ...writers: Member[]) => {
    for (const { browser } of writers)
      if (browser.position && (!reader.browser.position || browser.position > reader.browser.position)) reader.browser.position = browser.position;
    return reader;
  };
  const openMainElection = (member: Member, groupId: number) => member.browser.json('POST', `/api/groups/${groupId}/main-election`);
  const mainElection = (member: Member, groupId: number) => member.browser.json('GET', `/api/groups/${groupId}/main-election`);
  const run = (member: Member, topicId: string, statement?: string) => member.browser.json('POST', '/api/candidates', { topicId, statement });
  const ballot = (member: Member, topicId: string, candidateId: string) => member.browser.json('POST', `/api/topics/${topicId}/ballot`, { candidateId });
  const candidates = (member: Member, topicId: string) => member.browser.json('GET', `/api/topics/${topicId}/candidates`);
  /** An ordinary election in the member's own business group (section 5: business groups accept election topics). */
  const businessElection = async (member: Member, title = 'Choose our team lead') => {
    const created = await member.browser.json('POST', '/api/topics', topicBody(await ownGroup(member, 'business'), { type: 'election', title }));
    expect(created.status).toBe(201);
    return created.body.topic as { id: string; groupId: number };
  };

  describe('POST and GET /api/groups/<id>/main-election', () => {
    it('answers 404 with its message before any main election', async () => {
      expect(await mainElection(citizen, ISLAM)).toEqual({ status: 404, body: { message: NO_MAIN_ELECTION } });
    });

    it('opens the group\u2019s main election: an election topic of 14 days, named after the group, that GET then shows', async () => {
      const opened = await openMainElection(citizen, SAUDI_ARABIA.groupId);
      expect(opened.status).toBe(201);
      const election = opened.body.election;
      expect(election).toMatchObject({
        type: 'election',
        isMainElection: true,
        groupId: SAUDI_ARABIA.groupId,
        createdBy: citizen.userId,
        status: 'active',
        winnerId: null,
        winner: null,
        candidateCount: 0,
        title: 'Saudi Arabia Leadership Election',
        expiresAt: new Date(clock + 14 * DAY).toISOString(),
        author: { firstName: 'Nadia' },
        canParticipate: true,
      });
      expect(election.description.length).toBeGreaterThanOrEqual(20);
      expect(typeof opened.body.position).toBe('string');

      const shown = await mainElection(citizen, SAUDI_ARABIA.groupId);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({ ...election, updatedAt: shown.body.updatedAt, createdAt: shown.body.createdAt });
      // It is a topic like any other: listed in the group, open to its members.
      const topic = await voter.browser.json('GET', `/api/topics/${election.id}`);
      expect(topic.body).toMatchObject({ id: election.id, type: 'election', isMainElection: true, canParticipate: true });
    });

    it('keeps one active main election per group (409), also when two are asked for at once', async () => {
      expect(await openMainElection(rival, SAUDI_ARABIA.groupId)).toEqual({ status: 409, body: { message: MAIN_ELECTION_EXISTS } });
      const both = await Promise.all([openMainElection(citizen, INTERNATIONAL), openMainElection(rival, INTERNATIONAL)]);
      expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const opened = await server.query<{ count: number }>(
        `select count(*)::int as count from events where type = 'MainElectionOpened' and data->>'groupId' = $1`,
        [String(INTERNATIONAL)],
      );
      expect(opened).toEqual([{ count: 1 }]);
    });

    it('refuses groups no main election decides (400), members who may not take part (403), unknown groups (404) and visitors (401)', async () => {
      expect(await openMainElection(citizen, ALLIANCE)).toEqual({ status: 400, body: { message: MAIN_ELECTION_GROUPS } });
      expect(await openMainElection(citizen, await ownGroup(citizen, 'family'))).toEqual({ status: 400, body: { message: MAIN_ELECTION_GROUPS } });
      const stranger = await newMember(server, 'Stranger');
      const refused = await openMainElection(stranger, SAUDI_ARABIA.groupId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('citizens');
      expect((await openMainElection(stranger, INTERNATIONAL)).body.message).toContain('Subscription required');
      expect(await openMainElection(citizen, 99_999)).toEqual({ status: 404, body: { message: 'Group not found' } });
      expect(await openMainElection(citizen, 'abc' as unknown as number)).toEqual({ status: 404, body: { message: 'Group not found' } });
      expect((await new TestClient(server.baseUrl).json('POST', `/api/groups/${ISLAM}/main-election`)).status).toBe(401);
    });

    it('opens a new one when the current one\u2019s topic was deleted', async () => {
      const first = (await openMainElection(voter, ISLAM)).body.election;
      expect((await voter.browser.json('DELETE', `/api/topics/${first.id}`)).status).toBe(200);
      const second = await openMainElection(citizen, ISLAM);
      expect(second.status).toBe(201);
      expect(second.body.election.id).not.toBe(first.id);
      expect((await mainElection(citizen, ISLAM)).body.id).toBe(second.body.election.id);
    });
  });

  describe('candidacy', () => {
    let electionId: string;
    beforeAll(async () => {
      electionId = (await mainElection(citizen, SAUDI_ARABIA.groupId)).body.id;
    });

    it('registers a subscribed, eligible member with their statement and names', async () => {
      const answer = await run(citizen, electionId, '  I will publish every budget line.  ');
      expect(answer.status).toBe(201);
      expect(answer.body.candidate).toEqual({
        id: expect.any(String),
        userId: citizen.userId,
        groupId: SAUDI_ARABIA.groupId,
        topicId: electionId,
        statement: 'I will publish every budget line.',
        voteCount: 0,
        directVotes: 0,
        createdAt: new Date(clock).toISOString(),
        firstName: 'Nadia',
        lastName: 'Lovelace',
        user: { firstName: 'Nadia', lastName: 'Lovelace', profileImageUrl: null },
        isMyChoice: false,
        myRank: null,
      });
      const list = await candidates(seen(voter, citizen), electionId);
      expect(list.body).toEqual([{ ...answer.body.candidate, createdAt: expect.any(String) }]);
      expect((await mainElection(voter, SAUDI_ARABIA.groupId)).body.candidateCount).toBe(1);
    });

    it('registers once per election: 409 with the words the client looks for', async () => {
      const again = await run(citizen, electionId);
      expect(again).toEqual({ status: 409, body: { message: ALREADY_REGISTERED } });
      expect(again.body.message).toContain('already registered');
    });

    it('needs an active subscription (403, \u2018Subscription required\u2019) and eligibility in the group', async () => {
      const unsubscribed = await run(voter, electionId);
      expect(unsubscribed).toEqual({ status: 403, body: { message: SUBSCRIPTION_REQUIRED_TO_RUN } });
      expect(unsubscribed.body.message).toContain('Subscription required');
      const foreigner = await newMember(server, 'Foreigner');
      await subscribe(foreigner, server);
      const refused = await run(foreigner, electionId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('citizens');
    });

    it('stands only in election topics that are open', async () => {
      const law = (await citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId))).body.topic;
      expect(await run(citizen, law.id)).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      expect(await run(citizen, '6f0c3a1e-8d2b-4c5a-9e7f-1b2c3d4e5f60')).toEqual({ status: 404, body: { message: 'Topic not found' } });
      expect(await run(citizen, 'not-a-topic')).toEqual({ status: 404, body: { message: 'Topic not found' } });
      expect((await run(citizen, '')).status).toBe(400);
      expect((await new TestClient(server.baseUrl).json('POST', '/api/candidates', { topicId: electionId })).status).toBe(401);
    });

    it('takes the form POST /api/topics/<id>/candidates {topicId, userId} for the caller only', async () => {
      const business = await businessElection(rival);
      const path = `/api/topics/${business.id}/candidates`;
      expect(await rival.browser.json('POST', path, { topicId: business.id, userId: citizen.userId })).toEqual({
        status: 403,
        body: { message: ONLY_YOURSELF },
      });
      expect(await rival.browser.json('POST', '/api/candidates', { topicId: business.id, userId: citizen.userId })).toEqual({
        status: 403,
        body: { message: ONLY_YOURSELF },
      });
      expect(await rival.browser.json('POST', path, { topicId: electionId, userId: rival.userId })).toEqual({ status: 400, body: { message: TOPIC_MISMATCH } });
      const registered = await rival.browser.json('POST', path, { topicId: business.id, userId: rival.userId.toUpperCase() });
      expect(registered.status).toBe(201);
      expect(registered.body.candidate).toMatchObject({ userId: rival.userId, topicId: business.id, groupId: business.groupId, statement: '' });
      expect((await rival.browser.json('POST', path, { topicId: business.id, userId: rival.userId })).status).toBe(409);
    });

    it('lets exactly one of two registrations at once succeed, in one process and across two', async () => {
      const replica = await startCommandApiReplica(server.databaseUrl, env);
      try {
        for (let round = 0; round < 4; round += 1) {
          const election = await businessElection(rival, `Race round ${round}`);
          // Round by round: both requests on this server (its per-stream queue), then one each on this server and the replica (the store's no_stream).
          const second = round % 2 === 0 ? rival.browser : Object.assign(new TestClient(replica.baseUrl), { cookies: rival.browser.cookies });
          const answers = await Promise.all([rival.browser, second].map((browser) => browser.json('POST', '/api/candidates', { topicId: election.id })));
          expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
          expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: ALREADY_REGISTERED });
          const registered = await server.query<{ count: number }>(
            `select count(*)::int as count from events where type = 'CandidateRegistered' and data->>'topicId' = $1`,
            [election.id],
          );
          expect(registered).toEqual([{ count: 1 }]);
        }
      } finally {
        await replica.close();
      }
    });
  });

  describe('ballots', () => {
    let electionId: string;
    let nadia: string;
    let karim: string;
    beforeAll(async () => {
      electionId = (await mainElection(citizen, SAUDI_ARABIA.groupId)).body.id;
      nadia = (await candidates(citizen, electionId)).body[0].id;
      karim = (await run(rival, electionId, 'Lower fees.')).body.candidate.id;
      seen(voter, rival);
    });
    const listed = async (member: Member) =>
      ((await candidates(member, electionId)).body as Array<{ id: string; directVotes: number; voteCount: number; isMyChoice: boolean }>).map(
        ({ id, directVotes, voteCount, isMyChoice }) => ({ id, directVotes, voteCount, isMyChoice }),
      );

    it('casts one choice per member: another moves it, the same again withdraws it', async () => {
      expect(await ballot(voter, electionId, karim)).toEqual({
        status: 200,
        body: { position: expect.any(String), topicId: electionId, candidateId: karim, receipt: { eventId: expect.any(String), leafHash: expect.any(String) } },
      });
      expect(await listed(voter)).toEqual([
        { id: karim, directVotes: 1, voteCount: 1, isMyChoice: true },
        { id: nadia, directVotes: 0, voteCount: 0, isMyChoice: false },
      ]);
      expect((await ballot(voter, electionId, nadia)).body.candidateId).toBe(nadia);
      // Equal weight: registration order.
      expect(await listed(voter)).toEqual([
        { id: nadia, directVotes: 1, voteCount: 1, isMyChoice: true },
        { id: karim, directVotes: 0, voteCount: 0, isMyChoice: false },
      ]);
      expect((await ballot(rival, electionId, karim)).status).toBe(200);
      expect((await ballot(citizen, electionId, karim)).status).toBe(200);
      expect(await listed(seen(voter, rival, citizen))).toEqual([
        { id: karim, directVotes: 2, voteCount: 2, isMyChoice: false },
        { id: nadia, directVotes: 1, voteCount: 1, isMyChoice: true },
      ]);
      expect((await ballot(voter, electionId, nadia)).body.candidateId).toBeNull();
      expect(await listed(voter)).toEqual([
        { id: karim, directVotes: 2, voteCount: 2, isMyChoice: false },
        { id: nadia, directVotes: 0, voteCount: 0, isMyChoice: false },
      ]);
      expect((await ballot(voter, electionId, nadia)).body.candidateId).toBe(nadia);
    });

    it('counts one click once with an Idempotency-Key', async () => {
      const click = () =>
        voter.browser
          .request('POST', `/api/topics/${electionId}/ballot`, { candidateId: karim }, { 'idempotency-key': 'ballot-click-0001' })
          .then(async (response) => ({ status: response.status, body: (await response.json()) as { candidateId: string | null } }));
      const first = await click();
      expect(first.body.candidateId).toBe(karim);
      expect(await click()).toEqual(first);
    });

    it('names only candidates of that election (404), and refuses members who may not take part', async () => {
      const other = await businessElection(citizen, 'Another vote');
      const stranger = (await run(citizen, other.id)).body.candidate.id;
      expect(await ballot(voter, electionId, stranger)).toEqual({ status: 404, body: { message: CANDIDATE_NOT_FOUND } });
      expect(await ballot(voter, electionId, 'nobody')).toEqual({ status: 404, body: { message: CANDIDATE_NOT_FOUND } });
      expect((await ballot(voter, electionId, '')).status).toBe(400);
      const foreigner = await newMember(server, 'Visitor');
      const refused = await ballot(foreigner, electionId, karim);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('citizens');
      // A business election is its owner's group's: others are not members.
      expect((await ballot(voter, other.id, stranger)).body).toEqual({ message: 'Only members of this group can participate.' });
    });

    it('refuses ballots and candidate lists on topics that are not elections', async () => {
      const law = (await citizen.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { title: 'Not an election' }))).body.topic;
      expect(await ballot(citizen, law.id, karim)).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      expect(await candidates(citizen, law.id)).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      expect(await candidates(citizen, '6f0c3a1e-8d2b-4c5a-9e7f-1b2c3d4e5f60')).toEqual({ status: 404, body: { message: 'Topic not found' } });
    });

    it('closes candidacies and ballots at expiry, and opens the next main election after it', async () => {
      clock += 14 * DAY;
      expect(await ballot(voter, electionId, karim)).toEqual({ status: 403, body: { message: 'This topic is closed.' } });
      const late = await newMember(server, 'Late');
      await verify(late, SAUDI_ARABIA.name, '4000000009');
      await subscribe(late, server);
      expect(await run(late, electionId)).toEqual({ status: 403, body: { message: 'This topic is closed.' } });
      const next = await openMainElection(late, SAUDI_ARABIA.groupId);
      expect(next.status).toBe(201);
      expect((await mainElection(late, SAUDI_ARABIA.groupId)).body).toMatchObject({ id: next.body.election.id, candidateCount: 0 });
    });
  });
});
