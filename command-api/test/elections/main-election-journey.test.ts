import { LEADERS_ONLY } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { CLOSE_GRACE_MS } from '../../src/topics/topic-closing';
import { ALLIANCE, SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from '../participation/members';

const DAY = 86_400_000;
const env = { SCHEDULER_INTERVAL_SECONDS: '0.2', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };

/**
 * The whole path of a main election over HTTP: opened, two candidates, ballots with one member
 * delegating to a voter, closed by the scheduler once its expiry has passed (the clock is moved,
 * nobody waits), and its winner leading the group and taking part in the Alliance; then the
 * next election's winner replaces them and they leave the Alliance.
 */
describe('a main election decides who leads, and the leader sits in the Alliance', () => {
  let server: TestServer;
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let amina: Member;
  let bilal: Member;
  let voter: Member;
  let delegator: Member;
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env });
    [amina, bilal, voter, delegator] = await Promise.all([
      newMember(server, 'Amina'),
      newMember(server, 'Bilal'),
      newMember(server, 'Vera'),
      newMember(server, 'Dina'),
    ]);
    await Promise.all([amina, bilal, voter, delegator].map((member, index) => verify(member, SAUDI_ARABIA.name, `500000000${index}`)));
    await Promise.all([subscribe(amina, server), subscribe(bilal, server)]);
  });
  afterAll(async () => server?.close());

  /** The reader has seen what the writers wrote: its reads wait for that. */
  const seen = (reader: Member, ...writers: Member[]) => {
    for (const { browser } of writers)
      if (browser.position && (!reader.browser.position || browser.position > reader.browser.position)) reader.browser.position = browser.position;
    return reader;
  };
  const allianceTopic = async (member: Member, title: string) =>
    member.browser.json('POST', '/api/topics', topicBody(ALLIANCE, { title, type: 'alliance_discussion' }));
  const leadership = async (member: Member) => {
    const groups = (await member.browser.json('GET', '/api/user/groups')).body as Array<{ groupId: number; isLeader: boolean }>;
    return groups
      .filter((membership) => membership.groupId === SAUDI_ARABIA.groupId || membership.groupId === ALLIANCE)
      .map(({ groupId, isLeader }) => ({ groupId, isLeader }))
      .sort((a, b) => a.groupId - b.groupId);
  };
  /** Opens the group's main election with two candidates, Amina registered first. */
  const electionWithTwoCandidates = async (opener: Member) => {
    const opened = await opener.browser.json('POST', `/api/groups/${SAUDI_ARABIA.groupId}/main-election`);
    expect(opened.status).toBe(201);
    const topicId = opened.body.election.id as string;
    const first = await amina.browser.json('POST', '/api/candidates', { topicId, statement: 'Open budgets.' });
    const second = await bilal.browser.json('POST', `/api/topics/${topicId}/candidates`, { topicId, userId: bilal.userId, statement: 'Faster permits.' });
    expect([first.status, second.status]).toEqual([201, 201]);
    return { topicId, aminaId: first.body.candidate.id as string, bilalId: second.body.candidate.id as string };
  };
  const closeAfterExpiry = async (reader: Member, topicId: string) => {
    clock += 14 * DAY + CLOSE_GRACE_MS;
    return eventually(
      async () => (await reader.browser.json('GET', `/api/groups/${SAUDI_ARABIA.groupId}/main-election`)).body,
      (election) => election.id === topicId && election.status === 'closed' && election.winner !== null,
    );
  };

  it('makes the winner by weighted ballots the group\u2019s leader, with a seat in the Alliance where they take part', async () => {
    const { topicId, aminaId, bilalId } = await electionWithTwoCandidates(amina);
    // Directly it is one ballot each (a tie Amina would win as the first registered); Dina's delegation to Vera decides it.
    expect((await amina.browser.json('POST', `/api/topics/${topicId}/ballot`, { candidateId: aminaId })).status).toBe(200);
    expect((await voter.browser.json('POST', `/api/topics/${topicId}/ballot`, { candidateId: bilalId })).status).toBe(200);
    expect((await delegator.browser.json('POST', '/api/delegations', { delegateId: voter.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
    const list = (await seen(delegator, amina, voter, bilal).browser.json('GET', `/api/topics/${topicId}/candidates`)).body as Array<{
      id: string;
      voteCount: number;
      directVotes: number;
    }>;
    expect(list.map(({ id, voteCount, directVotes }) => ({ id, voteCount, directVotes }))).toEqual([
      { id: bilalId, voteCount: 2, directVotes: 1 },
      { id: aminaId, voteCount: 1, directVotes: 1 },
    ]);

    // Not a leader yet: the Alliance is closed to Bilal.
    expect(await allianceTopic(bilal, 'Coordinating the regions')).toEqual({ status: 403, body: { message: LEADERS_ONLY } });

    const decided = await closeAfterExpiry(bilal, topicId);
    expect(decided).toMatchObject({ winnerId: bilal.userId, winner: { id: bilal.userId, firstName: 'Bilal' }, candidateCount: 2 });
    const [decision] = await server.query<{ data: Record<string, unknown> }>(`select data from events where type = 'ElectionDecided' and stream_id = $1`, [
      `topic-${topicId}`,
    ]);
    expect(decision!.data).toMatchObject({ winnerId: bilal.userId, winnerCandidateId: bilalId, isMainElection: true });

    // The leader of Saudi Arabia, seated in the Alliance, takes part there.
    expect(
      await eventually(
        () => leadership(bilal),
        (rows) => rows.length === 2,
      ),
    ).toEqual([
      { groupId: ALLIANCE, isLeader: true },
      { groupId: SAUDI_ARABIA.groupId, isLeader: true },
    ]);
    const topic = await allianceTopic(bilal, 'Coordinating the regions');
    expect(topic.status).toBe(201);
    const opinion = await bilal.browser.json('POST', '/api/opinions', { topicId: topic.body.topic.id, content: 'Let us share what works between regions.' });
    expect(opinion.status).toBe(201);
    expect((await bilal.browser.json('GET', '/api/user/stats')).body).toMatchObject({ electionsWon: 1, groupsLed: 1 });
    expect((await bilal.browser.json('GET', `/api/groups/${ALLIANCE}`)).body).toMatchObject({ canParticipate: true, isMember: true });
  });

  it('hands the lead to the next winner: the previous leader steps down and leaves the Alliance', async () => {
    const { topicId, aminaId } = await electionWithTwoCandidates(voter);
    expect((await amina.browser.json('POST', `/api/topics/${topicId}/ballot`, { candidateId: aminaId })).status).toBe(200);

    const decided = await closeAfterExpiry(amina, topicId);
    expect(decided).toMatchObject({ winnerId: amina.userId });
    expect(
      await eventually(
        () => leadership(seen(amina, bilal)),
        (rows) => rows.length === 2,
      ),
    ).toEqual([
      { groupId: ALLIANCE, isLeader: true },
      { groupId: SAUDI_ARABIA.groupId, isLeader: true },
    ]);
    expect(
      await eventually(
        () => leadership(bilal),
        (rows) => rows.length === 0,
      ),
    ).toEqual([]);
    expect(await allianceTopic(bilal, 'One more thought')).toEqual({ status: 403, body: { message: LEADERS_ONLY } });
    expect((await allianceTopic(amina, 'A new voice')).status).toBe(201);
    const steppedDown = await server.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from events where type in ('GroupLeaderElected', 'LeadershipEnded', 'GroupMemberLeft') order by global_position`,
    );
    expect(steppedDown.map(({ type, data }) => ({ type, userId: data.userId, previousLeaderId: data.previousLeaderId, reason: data.reason }))).toEqual([
      { type: 'GroupLeaderElected', userId: bilal.userId, previousLeaderId: null, reason: undefined },
      { type: 'GroupLeaderElected', userId: amina.userId, previousLeaderId: bilal.userId, reason: undefined },
      { type: 'LeadershipEnded', userId: bilal.userId, previousLeaderId: undefined, reason: undefined },
      { type: 'GroupMemberLeft', userId: bilal.userId, previousLeaderId: undefined, reason: 'stepped_down' },
    ]);
    // Both elections count for their winners, +10 each; Bilal keeps his win though he no longer leads.
    expect((await bilal.browser.json('GET', '/api/user/stats')).body).toMatchObject({ electionsWon: 1, groupsLed: 0 });
    expect((await amina.browser.json('GET', '/api/user/stats')).body).toMatchObject({ electionsWon: 1, groupsLed: 1 });
  });
});
