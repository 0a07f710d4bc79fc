import { userStream, type ExportLine, type TopicHistoryEntry } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { verifyExport } from '../../../verifier/src/verify';
import { recordFacts } from '../moderation/moderation-members';
import { SAUDI_ARABIA, newMember, subscribe, topicBody, verify, type Member } from '../participation/members';

type EventLine = Extract<ExportLine, { kind: 'event' }>;
/** What a member does in public: the topic page names them for it. */
const AUTHORSHIP = new Set(['TopicCreated', 'OpinionPosted', 'CandidateRegistered', 'LawEnacted', 'ElectionDecided', 'MainElectionOpened']);
/** What must stay unlinked to a name: choices, delegations, and the standing and membership the count weighs them by. */
const PARTICIPATION = new Set([
  'VoteCast',
  'VoteRetracted',
  'BallotCast',
  'BallotWithdrawn',
  'DelegationAssigned',
  'DelegationRevoked',
  'GroupMemberJoined',
  'VerificationSubmitted',
  'VerificationApproved',
  'SubscriptionActivated',
]);
const BLINDED = /~[0-9a-f]{32}/g;
const blindsIn = (value: unknown) => new Set(JSON.stringify(value).match(BLINDED) ?? []);
const historyPrefix = (blinded: string) => `member-${blinded.slice(1, 13)}`;

// Issue #40 item 4: an auditor who reads the topic pages (authors by name), the history and the
// export finds no pseudonym, id or any other token that ties a named author to a vote, a ballot or a delegation.
describe('pseudonyms that hold: public authorship shares nothing with votes and delegations', () => {
  let server: TestServer;
  let amina: Member;
  let bilal: Member;
  let vera: Member;
  let rania: Member;
  let lawTopic = '';
  let election = '';
  let aminaOpinion = '';

  beforeAll(async () => {
    server = await startTestServer({ env: { SCHEDULER_INTERVAL_SECONDS: '0.2' } });
    [amina, bilal, vera, rania] = await Promise.all([
      newMember(server, 'Amina'),
      newMember(server, 'Bilal'),
      newMember(server, 'Vera'),
      newMember(server, 'Rania'),
    ]);
    await Promise.all([amina, bilal, vera].map((member, index) => verify(member, SAUDI_ARABIA.name, `510000000${index}`)));
    await Promise.all([subscribe(amina, server), subscribe(bilal, server)]);
    rania.browser.position = await recordFacts(server, [
      { streamId: userStream(rania.userId), type: 'UserRoleGranted', data: { userId: rania.userId, role: 'auditor' } },
    ]);
    // Amina does everything in public (the topic, an opinion, a candidacy) and in private (votes, a ballot, a delegation).
    const topic = await amina.browser.json('POST', '/api/topics', topicBody(SAUDI_ARABIA.groupId, { type: 'law_amendment' }));
    expect(topic.status).toBe(201);
    lawTopic = topic.body.topic.id;
    const post = async (member: Member, content: string) => {
      const answer = await member.browser.json('POST', '/api/opinions', { topicId: lawTopic, content });
      expect(answer.status).toBe(201);
      return (answer.body.opinion ?? answer.body).id as string;
    };
    aminaOpinion = await post(amina, 'Open the libraries until midnight.');
    const bilalOpinion = await post(bilal, 'Open them on Fridays as well.');
    for (const [member, opinionId, voteType] of [
      [amina, bilalOpinion, 'support'],
      [amina, aminaOpinion, 'support'],
      [bilal, aminaOpinion, 'oppose'],
      [vera, aminaOpinion, 'support'],
    ] as const) {
      expect((await member.browser.json('POST', '/api/votes', { opinionId, voteType })).status).toBe(200);
    }
    expect((await amina.browser.json('POST', '/api/delegations', { delegateId: vera.userId, groupId: SAUDI_ARABIA.groupId })).status).toBe(200);
    const opened = await amina.browser.json('POST', `/api/groups/${SAUDI_ARABIA.groupId}/main-election`);
    expect(opened.status).toBe(201);
    election = opened.body.election.id;
    const stand = await amina.browser.json('POST', '/api/candidates', { topicId: election, statement: 'Open budgets.' });
    const bilalStands = await bilal.browser.json('POST', '/api/candidates', { topicId: election, statement: 'Faster permits.' });
    expect([stand.status, bilalStands.status]).toEqual([201, 201]);
    expect((await amina.browser.json('POST', `/api/topics/${election}/ballot`, { candidateId: bilalStands.body.candidate.id })).status).toBe(200);
    expect((await vera.browser.json('POST', `/api/topics/${election}/ballot`, { candidateId: stand.body.candidate.id })).status).toBe(200);
    for (const writer of [amina, bilal, vera]) if (writer.browser.position! > rania.browser.position!) rania.browser.position = writer.browser.position;
  });
  afterAll(async () => server?.close());

  const exportOf = async (topicId: string) => {
    const answer = await eventually(
      () => rania.browser.request('GET', `/api/audit/topics/${topicId}/export`),
      (response) => response.status === 200,
      20_000,
    );
    expect(answer.status).toBe(200);
    return (await answer.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportLine);
  };
  const historyOf = async (topicId: string) => {
    const answer = await rania.browser.json('GET', `/api/audit/topics/${topicId}/history`);
    expect(answer.status).toBe(200);
    return answer.body.entries as TopicHistoryEntry[];
  };

  it('names Amina on the topic pages as the topic\u2019s creator, an opinion\u2019s author and a candidate', async () => {
    const opinions = (await rania.browser.json('GET', `/api/topics/${lawTopic}/opinions`)).body as Array<{ id: string; user: { firstName: string } }>;
    expect(opinions.find((opinion) => opinion.id === aminaOpinion)?.user.firstName).toBe('Amina');
    const candidates = (await rania.browser.json('GET', `/api/topics/${election}/candidates`)).body as Array<{ user: { firstName: string } }>;
    expect(candidates.map((candidate) => candidate.user.firstName).sort()).toEqual(['Amina', 'Bilal']);
  });

  it('gives no pseudonym of the history\u2019s public acts to any vote, ballot, delegation or eligibility entry', async () => {
    for (const topicId of [lawTopic, election]) {
      const entries = await historyOf(topicId);
      const authored = new Set<string>();
      const private_ = new Set<string>();
      for (const entry of entries) {
        if (['topic_created', 'opinion_posted', 'candidacy_registered'].includes(entry.kind) && entry.actor) authored.add(entry.actor);
        else for (const name of [entry.actor, entry.delegate]) if (name) private_.add(name);
        if (entry.candidate) authored.add(entry.candidate);
      }
      expect(authored.size, topicId).toBeGreaterThan(0);
      expect(private_.size, topicId).toBeGreaterThan(0);
      expect(
        [...authored].filter((name) => private_.has(name)),
        topicId,
      ).toEqual([]);
    }
  });

  it('shares no token between the export\u2019s public acts and its votes, ballots, delegations and standing, but the topic\u2019s own opinions and candidates', async () => {
    for (const topicId of [lawTopic, election]) {
      const lines = await exportOf(topicId);
      const events = lines.filter((line): line is EventLine => line.kind === 'event');
      const authored = new Set<string>();
      const private_ = new Set<string>();
      // The objects votes and ballots name: they must join to the opinions and candidacies, and name no one.
      const objects = new Set<string>();
      for (const line of events) {
        const data = line.event.data as Record<string, unknown>;
        for (const field of ['opinionId', 'candidateId']) if (typeof data[field] === 'string') objects.add(data[field]);
        // The whole line: stream name, data, metadata, and the links' blinds and pseudonyms.
        const tokens = blindsIn(line);
        if (AUTHORSHIP.has(line.event.type)) for (const token of tokens) authored.add(token);
        if (PARTICIPATION.has(line.event.type)) for (const token of tokens) private_.add(token);
      }
      expect(events.some((line) => line.event.type === 'VoteCast' || line.event.type === 'BallotCast')).toBe(true);
      const shared = [...authored].filter((token) => private_.has(token) && !objects.has(token));
      expect(shared, topicId).toEqual([]);

      // The history names an author by the same pseudonym as the export's record of their public act, so an auditor can check one against the other.
      const history = await historyOf(topicId);
      const created = events.find((line) => line.event.type === 'TopicCreated')!.event.data as { createdBy: string };
      expect(history.find((entry) => entry.kind === 'topic_created')?.actor).toBe(historyPrefix(created.createdBy));
      // And the recount still holds: nothing it needs was split.
      const report = await verifyExport(
        lines.map((line) => JSON.stringify(line)),
        {},
      );
      expect(report.problems, topicId).toEqual([]);
    }
  });
});
