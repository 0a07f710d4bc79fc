import { randomUUID } from 'node:crypto';
import { DEFAULT_QUORUM_PERCENT, ONLY_LEADERS_SET_QUORUM, groupStream, userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommandApp, type CommandApp } from '../../../test-support/command-app';
import { eventually } from '../../../test-support/eventually';
import { TestClient } from '../../../test-support/http-client';
import { recordFacts } from '../moderation/moderation-members';
import { ISLAM, newMember, subscribe, topicBody, type Member } from '../participation/members';
import { CLOSE_GRACE_MS } from '../../src/topics/topic-closing';

const DAY = 86_400_000;
// The clock travels to close an election; sessions must outlive it.
const env = { SCHEDULER_INTERVAL_SECONDS: '0.2', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };
const QUORUM_MESSAGE = 'Quorum must be a whole percentage from 0 to 100';

/**
 * PUT /api/groups/<id>/quorum over HTTP with only the session cookie (issue #34 item 3), and what a
 * quorum does: topics opened after carry it, and a main election below it, closed by the scheduler,
 * installs nobody.
 */
describe('a group\u2019s quorum', () => {
  let server: CommandApp;
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let owner: Member;
  let leader: Member;
  let member: Member;
  let familyId: number;
  const put = (who: Member | TestClient, groupId: number, body: unknown) =>
    ('browser' in who ? who.browser : who).json('PUT', `/api/groups/${groupId}/quorum`, body);

  beforeAll(async () => {
    server = await buildCommandApp({ now: () => new Date(clock), env });
    [owner, leader, member] = [await newMember(server, 'Amina'), await newMember(server, 'Layla'), await newMember(server, 'Omar')];
    await Promise.all([subscribe(owner, server), subscribe(member, server)]);
    const [assigned] = await eventually(
      () =>
        server.query<{ data: { family: number } }>(`select data from events where type = 'PersonalGroupsAssigned' and stream_id = $1`, [
          userStream(owner.userId),
        ]),
      (rows) => rows.length === 1,
    );
    familyId = assigned!.data.family;
    // Layla leads Islam, as a main election's close would have made her.
    await recordFacts(server, [
      {
        streamId: groupStream(ISLAM),
        type: 'GroupLeaderElected',
        data: { groupId: ISLAM, userId: leader.userId, electionId: randomUUID(), previousLeaderId: null },
      },
      { streamId: userStream(leader.userId), type: 'LeadershipTaken', data: { userId: leader.userId, groupId: ISLAM, electionId: randomUUID() } },
    ]);
  });
  afterAll(async () => server?.close());

  it('answers a visitor 401 before it reads the body', async () => {
    const visitor = new TestClient(server.baseUrl);
    expect(await put(visitor, familyId, { topicType: 'law_amendment', quorumPercent: 20 })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(await put(visitor, familyId, { topicType: 'nonsense', quorumPercent: 2.5 })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('refuses a type that does not decide and a quorum that is not a whole percentage, 400 with a message', async () => {
    const typeMessage = "Topic type must be 'law_amendment', 'dispute_resolution' or 'election'";
    expect(await put(owner, familyId, { topicType: 'family_discussion', quorumPercent: 20 })).toEqual({ status: 400, body: { message: typeMessage } });
    for (const quorumPercent of [101, -1, 2.5, '20', null]) {
      expect(await put(owner, familyId, { topicType: 'law_amendment', quorumPercent })).toEqual({ status: 400, body: { message: QUORUM_MESSAGE } });
    }
    expect(await put(owner, familyId, { topicType: 'law_amendment' })).toEqual({ status: 400, body: { message: QUORUM_MESSAGE } });
    expect((await put(owner, familyId, {})).status).toBe(400);
  });

  it('lets neither a plain member nor a stranger set it (403), and knows no unknown group (404)', async () => {
    const refused = { status: 403, body: { message: ONLY_LEADERS_SET_QUORUM } };
    expect(await put(member, ISLAM, { topicType: 'law_amendment', quorumPercent: 20 })).toEqual(refused);
    expect(await put(member, familyId, { topicType: 'law_amendment', quorumPercent: 20 })).toEqual(refused);
    expect(await put(owner, 999_999, { topicType: 'law_amendment', quorumPercent: 20 })).toEqual({ status: 404, body: { message: 'Group not found' } });
    expect(await put(owner, 0, { topicType: 'law_amendment', quorumPercent: 20 })).toEqual({ status: 404, body: { message: 'Group not found' } });
  });

  it('lets a personal group\u2019s owner set it, changes nothing when set again, and a topic opened after carries it', async () => {
    const set = await put(owner, familyId, { topicType: 'law_amendment', quorumPercent: 40 });
    expect(set).toEqual({
      status: 200,
      body: {
        position: expect.any(String),
        groupId: familyId,
        quorums: { law_amendment: 40, dispute_resolution: 10, election: 0 },
        defaults: DEFAULT_QUORUM_PERCENT,
        canSet: true,
      },
    });
    const again = await put(owner, familyId, { topicType: 'law_amendment', quorumPercent: 40 });
    expect(again.body).toEqual({ ...set.body, position: null });
    expect(await server.query(`select 1 from events where type = 'GroupQuorumSet' and stream_id = $1`, [groupStream(familyId)])).toHaveLength(1);

    const law = await owner.browser.json('POST', '/api/topics', topicBody(familyId, { type: 'law_amendment' }));
    expect(law.status).toBe(201);
    expect(law.body.topic.quorumPercent).toBe(40);
    const dispute = await owner.browser.json('POST', '/api/topics', topicBody(familyId, { type: 'dispute_resolution' }));
    expect(dispute.body.topic.quorumPercent).toBe(10);
    // A discussion decides nothing: no quorum.
    const discussion = await owner.browser.json('POST', '/api/topics', topicBody(familyId, { type: 'family_discussion' }));
    expect(discussion.body.topic.quorumPercent).toBeNull();
  });

  it('lets an open group\u2019s leader set it; a main election below it, closed by the scheduler, installs nobody', async () => {
    const set = await put(leader, ISLAM, { topicType: 'election', quorumPercent: 50 });
    expect(set).toMatchObject({ status: 200, body: { groupId: ISLAM, quorums: { law_amendment: 10, dispute_resolution: 10, election: 50 }, canSet: true } });

    const opened = await leader.browser.json('POST', `/api/groups/${ISLAM}/main-election`);
    expect(opened.status).toBe(201);
    expect(opened.body.election.quorumPercent).toBe(50);
    const topicId = opened.body.election.id as string;
    const candidacy = await member.browser.json('POST', '/api/candidates', { topicId, statement: 'Open books.' });
    expect(candidacy.status).toBe(201);
    // One ballot of the three accounts that may take part in Islam: 33%, short of 50%.
    expect((await member.browser.json('POST', `/api/topics/${topicId}/ballot`, { candidateId: candidacy.body.candidate.id })).status).toBe(200);

    clock += 14 * DAY + CLOSE_GRACE_MS;
    const closed = await eventually(
      () => server.query<{ data: Record<string, unknown> }>(`select data from events where type = 'TopicClosed' and stream_id = $1`, [`topic-${topicId}`]),
      (rows) => rows.length === 1,
    );
    expect(closed[0]!.data).toMatchObject({
      quorum: { percent: 50, eligibleWeight: 3, participatingWeight: 1, reached: false },
      decidedBy: 'quorum_not_reached',
    });
    const [decided] = await server.query<{ data: Record<string, unknown> }>(`select data from events where type = 'ElectionDecided' and stream_id = $1`, [
      `topic-${topicId}`,
    ]);
    expect(decided!.data).toMatchObject({ winnerId: null, winnerCandidateId: null, isMainElection: true });
    // Layla still leads: no one was installed.
    const leaders = await server.query<{ data: { userId: string } }>(`select data from events where type = 'GroupLeaderElected' and stream_id = $1`, [
      groupStream(ISLAM),
    ]);
    expect(leaders.map((row) => row.data.userId)).toEqual([leader.userId]);
  });
});
