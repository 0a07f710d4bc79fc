import { createEventRegistry, topicStream, type ExportLine, type TopicCreated } from '@civitas/events';
import { leafBlinder, logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTopicOutcome } from '../../command-api/src/topics/closing-count';
import { topicDecider } from '../../command-api/src/topics/topic.decider';
import { ballotCast, ballotWithdrawn, candidateRegistered } from '../../projector/test/election-events';
import { delegationAssigned } from '../../projector/test/profile-events';
import { at } from '../../projector/test/projection-spec';
import { memberJoined, newId, opinionPosted, roleGranted, topicCreated, voteCast, voteRetracted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { verifyExport } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
type EventLine = Extract<ExportLine, { kind: 'event' }>;
type ResultLine = Extract<ExportLine, { kind: 'result' }>;
const EXPIRES = minute(30);
const CLOSED_AT = minute(31);

// Issue #40 item 1: an export must hold every event its topic's outcome was counted from. Each attack
// below also sets the published result and every tally to the tampered export's own recount, and the
// end line's count to the lines left, so only the closing's record of what it counted can catch it.
describe('an export holds every event its closing counted', () => {
  let query: QueryApp;
  let omar: Member;
  let publicKey = '';
  const law = newId();
  const election = newId();
  const [lunch, dinner, idle] = [newId(), newId(), newId()];
  const exports = new Map<string, ExportLine[]>();

  /** Closes the topic as the platform does: the command side's count over the event store, then the topic decider's events. */
  const close = async (topic: TopicCreated['data']) => {
    const outcome = await countTopicOutcome(query.store, createEventRegistry(), topic, await leafBlinder(query.db));
    const events = topicDecider.decide({ type: 'closeTopic', now: CLOSED_AT, outcome }, { topic, status: 'active' });
    await query.record(...events.map((event) => at(CLOSED_AT, { ...event, streamId: topicStream(topic.topicId) } as never)));
  };

  beforeAll(async () => {
    query = await startQueryApp();
    omar = await query.member('Omar');
    const [ben, cai, dana] = [await query.member('Ben'), await query.member('Cai'), await query.member('Dana')];
    const group = omar.groups.family;
    const vote = (opinionId: string, userId: string) => ({ opinionId, topicId: law, groupId: group, userId });
    const ballot = (userId: string) => ({ topicId: election, groupId: group, userId });
    const [omarCandidate, benCandidate] = [newId(), newId()];
    const lawTopic = topicCreated(law, group, omar.id, { type: 'law_amendment', title: 'Family meals', expiresAt: EXPIRES });
    const electionTopic = topicCreated(election, group, omar.id, { type: 'election', title: 'Family treasurer', expiresAt: EXPIRES });
    await query.record(
      at(minute(1), roleGranted(omar.id, 'auditor')),
      at(minute(2), memberJoined(group, ben.id)),
      at(minute(2), memberJoined(group, cai.id)),
      at(minute(2), memberJoined(group, dana.id)),
      at(minute(3), lawTopic),
      at(minute(3), electionTopic),
      at(minute(4), opinionPosted(lunch, law, group, omar.id, 'Lunch together on Fridays.')),
      at(minute(4), opinionPosted(dinner, law, group, ben.id, 'Dinner together every day.')),
      at(minute(4), opinionPosted(idle, law, group, cai.id, 'Breakfast, once a month.')),
      at(minute(5), delegationAssigned(group, ben.id, omar.id, newId())),
      at(minute(6), voteCast(vote(lunch, omar.id), 'support')),
      at(minute(7), voteCast(vote(lunch, cai.id), 'oppose')),
      // Dana supports dinner and takes it back: together the two change no tally.
      at(minute(8), voteCast(vote(dinner, dana.id), 'support')),
      at(minute(9), voteRetracted(vote(dinner, dana.id), 'support')),
      at(minute(10), candidateRegistered(omarCandidate, election, group, omar.id)),
      at(minute(10), candidateRegistered(benCandidate, election, group, ben.id)),
      at(minute(11), ballotCast(ballot(cai.id), omarCandidate)),
      at(minute(12), ballotCast(ballot(dana.id), benCandidate)),
      at(minute(13), ballotCast(ballot(omar.id), benCandidate)),
      at(minute(14), ballotWithdrawn(ballot(omar.id), benCandidate)),
      // The last event before the closing: Dana's support of lunch.
      at(minute(29), voteCast(vote(lunch, dana.id), 'support')),
    );
    await close(lawTopic.data);
    await close(electionTopic.data);
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    for (const topicId of [law, election]) {
      const response = await query.get(`/api/audit/topics/${topicId}/export`, { as: omar });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      exports.set(topicId, parseExport(response.body));
    }
  });
  afterAll(async () => query?.close());

  const eventLines = (lines: ExportLine[]) => lines.filter((line): line is EventLine => line.kind === 'event');
  const ofType = (lines: ExportLine[], type: string) => eventLines(lines).filter((line) => line.event.type === type);
  const closingCount = (lines: ExportLine[]) => {
    const { events, byType } = (ofType(lines, 'TopicClosed')[0]!.event.data as { counted: { events: number; byType: object } }).counted;
    return { events, byType };
  };
  const without = (lines: ExportLine[], ...gone: EventLine[]) => lines.filter((line) => !gone.includes(line as EventLine));

  /** The tampered export with its published result and tallies set to its own recount, and its end line's count to the lines left. */
  const matched = async (lines: ExportLine[]) => {
    const recount = (await verifyExport(serialise(lines), { publicKey })).topics[0]!;
    const fixed = lines.map((line): ExportLine => {
      if (line.kind !== 'result') return line;
      const result: ResultLine = { ...line, status: recount.recount.status, result: recount.recount.result };
      return { ...result, tallies: recount.subjects.map((subject) => ({ subjectId: subject.subjectId, ...subject.recount })) };
    });
    return verifyExport(serialise(fixed), { publicKey });
  };

  it('finds each export complete: every event the closing counted is there, in its order', async () => {
    for (const topicId of [law, election]) {
      const report = await verifyExport(serialise(exports.get(topicId)!), { publicKey });
      expect(report.problems).toEqual([]);
      expect(report.topics[0]).toMatchObject({ topicId, completeness: 'complete' });
    }
    // The family group and its four members, the topic, its opinions, the delegation and the votes; not the closing's own events.
    expect(closingCount(exports.get(law)!)).toEqual({
      events: 15,
      byType: { GroupCreated: 1, GroupMemberJoined: 4, TopicCreated: 1, OpinionPosted: 3, DelegationAssigned: 1, VoteCast: 4, VoteRetracted: 1 },
    });
  });

  it('refuses the export with a vote, a retraction, a delegation or an opinion removed, and names what is missing', async () => {
    const lines = exports.get(law)!;
    const [omarVote, , danaDinner] = ofType(lines, 'VoteCast');
    const attacks: Array<[string, ExportLine[], string]> = [
      ['a vote', without(lines, omarVote!), '1 VoteCast missing (the closing counted 4, the export holds 3)'],
      ['a retraction', without(lines, ofType(lines, 'VoteRetracted')[0]!), '1 VoteRetracted missing'],
      ['a delegation', without(lines, ofType(lines, 'DelegationAssigned')[0]!), '1 DelegationAssigned missing'],
      ['an opinion nobody voted on', without(lines, ofType(lines, 'OpinionPosted')[2]!), '1 OpinionPosted missing'],
      // A vote and its retraction change no tally: no recount and no published figure can tell them gone.
      ['a vote with its retraction', without(lines, danaDinner!, ofType(lines, 'VoteRetracted')[0]!), '1 VoteCast missing'],
    ];
    for (const [what, tampered, named] of attacks) {
      const verdict = await matched(tampered);
      expect(verdict.ok, what).toBe(false);
      expect(verdict.topics[0]!.completeness, what).toBe('incomplete');
      expect(verdict.problems.join('\n'), what).toContain(named);
    }
  });

  it('refuses the export with the last event before the closing removed, or with two events swapped', async () => {
    const lines = exports.get(law)!;
    const events = eventLines(lines);
    const closing = events.findIndex((line) => line.event.type === 'TopicClosed');
    const last = events[closing - 1]!;
    expect(last.event.type).toBe('VoteCast');
    const dropped = await matched(without(lines, last));
    expect(dropped.problems.join('\n')).toContain('1 VoteCast missing');

    const [first, second] = [lines.indexOf(ofType(lines, 'OpinionPosted')[0]!), lines.indexOf(ofType(lines, 'OpinionPosted')[1]!)];
    const swapped = [...lines];
    [swapped[first], swapped[second]] = [swapped[second]!, swapped[first]!];
    const reordered = await matched(swapped);
    expect(reordered.ok).toBe(false);
    expect(reordered.problems.join('\n')).toContain('the events are not the ones the closing counted, or not in the order it counted them');
  });

  it('refuses an election\u2019s export with a ballot or a withdrawal removed', async () => {
    const lines = exports.get(election)!;
    for (const [type, gone] of [
      ['BallotCast', ofType(lines, 'BallotCast')[0]!],
      ['BallotWithdrawn', ofType(lines, 'BallotWithdrawn')[0]!],
      ['CandidateRegistered', ofType(lines, 'CandidateRegistered')[1]!],
    ] as const) {
      const verdict = await matched(without(lines, gone));
      expect(verdict.ok, type).toBe(false);
      expect(verdict.problems.join('\n'), type).toContain(`1 ${type} missing`);
    }
  });

  it('refuses an expired topic\u2019s export without its closing, and the platform gives none before the closing', async () => {
    const lines = exports.get(law)!;
    const closed = [...ofType(lines, 'TopicClosed'), ...ofType(lines, 'LawEnacted')];
    const verdict = await matched(without(lines, ...closed));
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join('\n')).toContain(`the topic expired at ${EXPIRES}, before the checkpoint was signed`);

    const group = omar.groups.family;
    const unclosed = newId();
    await query.record(at(minute(40), topicCreated(unclosed, group, omar.id, { type: 'law_amendment', title: 'Pocket money', expiresAt: minute(41) })));
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    const response = await query.get(`/api/audit/topics/${unclosed}/export`, { as: omar });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(JSON.parse(response.body)).toEqual({
      message: 'This topic has expired and is being closed; its export follows the closing. Try again in half a minute.',
    });
    const groupExport = await query.get(`/api/audit/groups/${group}/export`, { as: omar });
    expect(groupExport.statusCode).toBe(503);
  });
});
