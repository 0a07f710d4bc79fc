import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { CLOSE_GRACE_MS } from '../../src/topics/topic-closing';
import { SAUDI_ARABIA, newMember, subscribe, verify, type Member } from '../participation/members';

const DAY = 86_400_000;
const env = { SCHEDULER_INTERVAL_SECONDS: '0.2', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' };

/**
 * A main election counted by the Schulze method, over HTTP to its close by the scheduler (the clock
 * is moved): the leader installed is the Schulze winner, not the candidate the first preferences
 * put first (issue #34 items 1 and 4).
 */
describe('a ranked main election installs its Schulze winner', () => {
  let server: TestServer;
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let amina: Member;
  let bilal: Member;
  let carim: Member;
  let dina: Member;
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(clock), env });
    [amina, bilal, carim, dina] = await Promise.all([
      newMember(server, 'Amina'),
      newMember(server, 'Bilal'),
      newMember(server, 'Carim'),
      newMember(server, 'Dina'),
    ]);
    await Promise.all([amina, bilal, carim, dina].map((member, index) => verify(member, SAUDI_ARABIA.name, `620000000${index}`)));
    await Promise.all([amina, bilal, carim].map((member) => subscribe(member, server)));
  });
  afterAll(async () => server?.close());

  const eventsOf = (type: string, stream: string) =>
    server.query<{ data: Record<string, unknown> }>(`select data from events where type = $1 and stream_id = $2 order by global_position`, [type, stream]);

  it('closes with the Schulze winner, the pairwise matrix and the first preferences, delegation applied', async () => {
    const opened = await amina.browser.json('POST', `/api/groups/${SAUDI_ARABIA.groupId}/main-election`, { method: 'schulze' });
    expect(opened.status).toBe(201);
    const topicId = opened.body.election.id as string;
    // One after another: registration order breaks Schulze ties and orders the matrix.
    const ids: string[] = [];
    for (const member of [amina, bilal, carim]) {
      const answer = await member.browser.json('POST', '/api/candidates', { topicId });
      expect(answer.status).toBe(201);
      ids.push(answer.body.candidate.id);
    }
    const [A, B, C] = ids as [string, string, string];

    // A and B tied on top for Amina, whose ranking Dina's delegation doubles; C>B>A for Carim. First preferences: A 2, B 2,
    // C 1, so the rule of the most first preferences (a tie to the earliest) would give A; B beats A 1:0 and C 2:1.
    expect((await amina.browser.json('POST', `/api/topics/${topicId}/ballot`, { ranking: [[A, B], [C]] })).status).toBe(200);
    expect((await dina.browser.json('POST', '/api/delegations', { delegateId: amina.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
    expect((await carim.browser.json('POST', `/api/topics/${topicId}/ballot`, { ranking: [[C], [B], [A]] })).status).toBe(200);

    clock += 14 * DAY + CLOSE_GRACE_MS;
    const [decided] = await eventually(
      () => eventsOf('ElectionDecided', `topic-${topicId}`),
      (rows) => rows.length === 1,
    );
    expect(decided?.data).toMatchObject({
      winnerId: bilal.userId,
      winnerCandidateId: B,
      isMainElection: true,
      method: 'schulze',
      pairwise: [
        [0, 0, 2],
        [1, 0, 2],
        [1, 1, 0],
      ],
    });
    const [closed] = await eventsOf('TopicClosed', `topic-${topicId}`);
    expect(closed?.data.tallies).toEqual([
      { subjectId: A, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: B, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
      { subjectId: C, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 },
    ]);
    // The winner leads the group (installed before the close was appended).
    expect((await eventsOf('GroupLeaderElected', `group-${SAUDI_ARABIA.groupId}`)).map((row) => row.data.userId)).toEqual([bilal.userId]);
  });
});
