import { createHash } from 'node:crypto';
import {
  ballotStream,
  createEventRegistry,
  eventLeafHash,
  topicStream,
  type ElectionDecided,
  type ExportLine,
  type LawEnacted,
  type TopicClosed,
  type TopicCreated,
} from '@civitas/events';
import { leafBlinder, logSigningKey, signPendingCheckpoint } from '@civitas/service-kit/merkle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTopicOutcome } from '../../command-api/src/topics/closing-count';
import { topicDecider } from '../../command-api/src/topics/topic.decider';
import { candidateRegistered } from '../../projector/test/election-events';
import { delegationAssigned } from '../../projector/test/profile-events';
import { at } from '../../projector/test/projection-spec';
import { memberJoined, newId, opinionPosted, roleGranted, topicCreated } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from '../../query-api/test/query-app';
import { formatReport } from '../src/format-report';
import { verifyExport, type TopicVerdict } from '../src/verify';
import { parseExport, serialise } from './export-lines';

const minute = (n: number) => new Date(Date.UTC(2026, 2, 5, 10, 0) + n * 60_000).toISOString();
const EXPIRES = minute(30);
const CLOSED_AT = minute(31);
type EventLine = Extract<ExportLine, { kind: 'event' }>;
type ResultLine = Extract<ExportLine, { kind: 'result' }>;
type Ranking = string[][];

const registry = createEventRegistry();
const eventLines = (lines: ExportLine[]) => lines.filter((line): line is EventLine => line.kind === 'event');
const ofType = (lines: ExportLine[], type: string) => eventLines(lines).filter((line) => line.event.type === type);
const dataOf = <Data>(line: EventLine) => line.event.data as Data;
const rehash = (line: EventLine) => void (line.leafHash = eventLeafHash(line.event).toString('base64'));

// Issue #34 items 5 and 2: civitas-verify recounts Schulze and approval elections, and laws decided
// among their opinions, from an export, sets the recount beside the closing's record (TopicClosed
// tallies, ElectionDecided winner and pairwise matrix; for a law, TopicClosed's method and matrix and
// LawEnacted) and the published result, and refuses an export with a ballot changed.
describe('the verifier on Schulze and approval elections, and on laws decided among their opinions', () => {
  let query: QueryApp;
  let omar: Member;
  let publicKey = '';
  const schulze = newId();
  const approval = newId();
  /** A Schulze election whose closing records a matrix that is not the count of its ballots. */
  const misrecorded = newId();
  /** A law amendment decided among its opinions, and one whose closing records another matrix, method and figures. */
  const opinions = newId();
  const misranked = newId();
  const exports = new Map<string, ExportLine[]>();

  const ranked = (topicId: string, group: number, userId: string, ranking: Ranking) => ({
    type: 'RankedBallotCast' as const,
    streamId: ballotStream(topicId, userId),
    data: { topicId, groupId: group, userId, ranking },
  });
  const approved = (topicId: string, group: number, userId: string, approvals: string[]) => ({
    type: 'ApprovalBallotCast' as const,
    streamId: ballotStream(topicId, userId),
    data: { topicId, groupId: group, userId, approvals },
  });

  /** What a platform that lies at closing changes in the events before it records them. */
  interface Falsify {
    decided?: (data: ElectionDecided['data']) => void;
    closed?: (data: TopicClosed['data']) => void;
    enacted?: (data: LawEnacted['data']) => void;
  }

  /**
   * Closes the topic as the platform does: the command side's count over the event store, then the
   * topic decider's events (ElectionDecided with the method and, for Schulze, the matrix; for a law
   * decided among its opinions, TopicClosed with the method and the matrix, and LawEnacted); `falsify`
   * may change them before they are recorded.
   */
  const close = async (topic: TopicCreated['data'], falsify: Falsify = {}) => {
    const outcome = await countTopicOutcome(query.store, registry, topic, await leafBlinder(query.db));
    const events = topicDecider.decide({ type: 'closeTopic', now: CLOSED_AT, outcome }, { topic, status: 'active' });
    for (const event of events) {
      if (event.type === 'ElectionDecided') falsify.decided?.(event.data);
      if (event.type === 'TopicClosed') falsify.closed?.(event.data);
      if (event.type === 'LawEnacted') falsify.enacted?.(event.data);
    }
    await query.record(...events.map((event) => at(CLOSED_AT, { ...event, streamId: topicStream(topic.topicId) } as never)));
  };

  beforeAll(async () => {
    query = await startQueryApp();
    omar = await query.member('Omar');
    const [ben, cai, dana, eve] = [await query.member('Ben'), await query.member('Cai'), await query.member('Dana'), await query.member('Eve')];
    // Fay is no member of the family: her ballot is in the log and counts for nothing.
    const fay = await query.member('Fay');
    const group = omar.groups.family;
    const election = (topicId: string, method: 'schulze' | 'approval', title: string) =>
      topicCreated(topicId, group, omar.id, { type: 'election', title, expiresAt: EXPIRES, method });
    const topics = [
      election(schulze, 'schulze', 'Family treasurer'),
      election(approval, 'approval', 'Family cook'),
      election(misrecorded, 'schulze', 'Family driver'),
    ];
    const law = (topicId: string, title: string) =>
      topicCreated(topicId, group, omar.id, { type: 'law_amendment', title, expiresAt: EXPIRES, method: 'schulze' });
    const laws = [law(opinions, 'Family holidays'), law(misranked, 'Family pets')];
    // Opinions: A (Omar), B (Ben), C (Cai); on the misranked law X (Omar), Y (Ben). No change is the topic's own id.
    const [oa, ob, oc, ox, oy] = [newId(), newId(), newId(), newId(), newId()];
    // Schulze: A (Omar), B (Ben), C (Cai). Approval: A2 (Omar), B2 (Ben).
    const [a, b, c, a2, b2, a3, b3] = [newId(), newId(), newId(), newId(), newId(), newId(), newId()];
    await query.record(
      at(minute(1), roleGranted(omar.id, 'auditor')),
      ...[ben, cai, dana, eve].map((member) => at(minute(2), memberJoined(group, member.id))),
      ...topics.map((topic) => at(minute(3), topic)),
      at(minute(4), candidateRegistered(a, schulze, group, omar.id)),
      at(minute(4), candidateRegistered(b, schulze, group, ben.id)),
      at(minute(4), candidateRegistered(c, schulze, group, cai.id)),
      at(minute(4), candidateRegistered(a2, approval, group, omar.id)),
      at(minute(4), candidateRegistered(b2, approval, group, ben.id)),
      at(minute(4), candidateRegistered(a3, misrecorded, group, omar.id)),
      at(minute(4), candidateRegistered(b3, misrecorded, group, ben.id)),
      // Dana lends her weight to Ben: his ballots weigh 2 in every election.
      at(minute(5), delegationAssigned(group, dana.id, ben.id, newId())),
      // Schulze. Weights: Omar 1, Ben 2, Cai 1, Eve 1. C beats A 3-2 and B 3-2, though A and B have more first preferences.
      at(minute(6), ranked(schulze, group, omar.id, [[a], [c], [b]])),
      at(minute(7), ranked(schulze, group, ben.id, [[b], [c], [a]])),
      // Cai changes his ranking: only the second counts.
      at(minute(8), ranked(schulze, group, cai.id, [[a]])),
      at(minute(9), ranked(schulze, group, cai.id, [[c], [b, a]])),
      at(minute(10), ranked(schulze, group, eve.id, [[a], [c]])),
      // Approval. A2: Omar 1 + Ben 2 = 3; B2: Ben 2 + Cai 1 = 3: the tie goes to A2, registered first.
      at(minute(11), approved(approval, group, omar.id, [a2])),
      at(minute(12), approved(approval, group, ben.id, [a2, b2])),
      at(minute(13), approved(approval, group, cai.id, [b2])),
      at(minute(13), approved(approval, group, fay.id, [b2])),
      // The misrecorded one: B3 over A3, 2 to 1.
      at(minute(14), ranked(misrecorded, group, omar.id, [[a3], [b3]])),
      at(minute(15), ranked(misrecorded, group, ben.id, [[b3]])),
      // Decided among opinions. Weights: Ben 2 (Dana's too), Omar, Eve and Cai 1. B beats no change 3-2, A 3-2 and C 4-1,
      // though every ballot ranks A above no change (A +5/-0, B +3/-2): the per-opinion rule would enact A.
      ...laws.map((topic) => at(minute(3), topic)),
      at(minute(4), opinionPosted(oa, opinions, group, omar.id, 'The sea.')),
      at(minute(4), opinionPosted(ob, opinions, group, ben.id, 'The mountains.')),
      at(minute(16), ranked(opinions, group, ben.id, [[oa], [opinions], [ob]])),
      // C is posted after Ben ranked: unnamed on his ballot, below no change.
      at(minute(17), opinionPosted(oc, opinions, group, cai.id, 'At home.')),
      at(minute(18), ranked(opinions, group, omar.id, [[ob], [oa], [opinions]])),
      at(minute(19), ranked(opinions, group, eve.id, [[ob], [oa], [opinions]])),
      // Cai ranks twice: only the second counts.
      at(minute(20), ranked(opinions, group, cai.id, [[opinions]])),
      at(minute(21), ranked(opinions, group, cai.id, [[oc], [ob], [oa], [opinions]])),
      // Fay, no member, ranks C above no change: counted for nothing.
      at(minute(22), ranked(opinions, group, fay.id, [[oc]])),
      // The misranked law: X over no change 1-0 (Omar), Y unranked.
      at(minute(4), opinionPosted(ox, misranked, group, omar.id, 'A cat.')),
      at(minute(4), opinionPosted(oy, misranked, group, ben.id, 'A dog.')),
      at(minute(23), ranked(misranked, group, omar.id, [[ox], [misranked]])),
    );
    await close(topics[0]!.data);
    await close(topics[1]!.data);
    // The platform records A3 over B3 as 5, not 1, and the election as counted by approval.
    await close(topics[2]!.data, {
      decided: (decided) => {
        decided.pairwise![0]![1] = 5;
        decided.method = 'approval';
      },
    });
    await close(laws[0]!.data);
    // The platform records no change over X as 4, not 0, the law as counted by approval, and X enacted with +3 / -0.
    await close(laws[1]!.data, {
      closed: (closed) => {
        closed.pairwise![0]![1] = 4;
        closed.method = 'approval';
      },
      enacted: (enacted) => void (enacted.weightedSupport = 3),
    });
    await signPendingCheckpoint(query.db, await logSigningKey(query.db), new Date());
    publicKey = (await logSigningKey(query.db)).publicKey.toString('base64');
    for (const topicId of [schulze, approval, misrecorded, opinions, misranked]) {
      const response = await query.get(`/api/audit/topics/${topicId}/export`, { as: omar });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      exports.set(topicId, parseExport(response.body));
    }
  });
  afterAll(async () => query?.close());

  /** The export's candidate ids (pseudonyms) in registration order. */
  const candidatesOf = (lines: ExportLine[]) => ofType(lines, 'CandidateRegistered').map((line) => dataOf<{ candidateId: string; userId: string }>(line));
  /** The export's opinions (pseudonymous ids and authors) in posting order. */
  const opinionsOf = (lines: ExportLine[]) => ofType(lines, 'OpinionPosted').map((line) => dataOf<{ opinionId: string; userId: string }>(line));
  const verdictOf = async (lines: ExportLine[]) => (await verifyExport(serialise(lines), { publicKey })).topics[0]!;

  /**
   * The strongest edit short of the log: every figure the tamperer can write set to the tampered
   * recount (the published result and tallies, and the closing's TopicClosed tallies, count digest and,
   * for a law decided among its opinions, matrix; ElectionDecided's winner and matrix; LawEnacted's
   * opinion, proposer and figures), each with its leaf hash recomputed, so only the proofs can catch it.
   */
  const covered = async (lines: ExportLine[]) => {
    const recount = await verdictOf(lines);
    const copy = structuredClone(lines);
    const candidates = candidatesOf(copy);
    const subjects = recount.subjects.map(({ subjectId, recount: tally }) => ({ subjectId, ...tally }));
    const [closed] = ofType(copy, 'TopicClosed');
    const closedData = dataOf<{ tallies: Array<Record<string, unknown>>; counted: { digest: string }; pairwise?: number[][] }>(closed!);
    closedData.tallies = closedData.tallies.map((tally) => ({ ...tally, ...subjects.find((subject) => subject.subjectId === tally.subjectId) }));
    if (closedData.pairwise && recount.pairwise) closedData.pairwise = recount.pairwise.recount;
    // The count's digest over the leaves before the closing, as the tampered export now has them.
    const before = eventLines(copy).slice(0, eventLines(copy).indexOf(closed!));
    const digest = createHash('sha256');
    for (const line of before) digest.update(Buffer.from(line.leafHash, 'base64'));
    closedData.counted.digest = digest.digest('base64');
    rehash(closed!);
    const [decided] = ofType(copy, 'ElectionDecided');
    if (decided) {
      const winner = candidates.find((candidate) => candidate.candidateId === recount.recount.result.winnerCandidateId) ?? null;
      Object.assign(decided.event.data as object, {
        winnerCandidateId: winner?.candidateId ?? null,
        winnerId: winner?.userId ?? null,
        ...(recount.pairwise ? { pairwise: recount.pairwise.recount } : {}),
      });
      rehash(decided);
    }
    const [enacted] = ofType(copy, 'LawEnacted');
    const law = opinionsOf(copy).find((posted) => posted.opinionId === recount.recount.result.opinionId);
    if (enacted && law) {
      const figures = subjects.find((subject) => subject.subjectId === law.opinionId)!;
      Object.assign(enacted.event.data as object, {
        opinionId: law.opinionId,
        proposerId: law.userId,
        weightedSupport: figures.weightedSupport,
        weightedOppose: figures.weightedOppose,
      });
      rehash(enacted);
    }
    const result = copy.find((line): line is ResultLine => line.kind === 'result')!;
    Object.assign(result, { status: recount.recount.status, result: recount.recount.result, tallies: subjects });
    return copy;
  };

  const problemsOf = (verdict: TopicVerdict) => verdict.problems.join('\n');

  it('recounts the Schulze election clean: the matrix, the winner, the first preferences and the closing\u2019s record all agree', async () => {
    const lines = exports.get(schulze)!;
    const report = await verifyExport(serialise(lines), { publicKey });
    expect(report.problems).toEqual([]);
    const [verdict] = report.topics;
    const [a, b, c] = candidatesOf(lines).map((candidate) => candidate.candidateId);
    expect(verdict).toMatchObject({ method: 'schulze', completeness: 'complete' });
    expect(verdict!.pairwise).toEqual({
      candidates: [a, b, c],
      noChange: null,
      recount: [
        [0, 2, 2],
        [2, 0, 2],
        [3, 3, 0],
      ],
      strongestPaths: [
        [0, 0, 0],
        [0, 0, 0],
        [3, 3, 0],
      ],
      recorded: [
        [0, 2, 2],
        [2, 0, 2],
        [3, 3, 0],
      ],
    });
    expect(verdict!.recount).toEqual({ status: 'closed', result: { kind: 'winner', opinionId: null, winnerCandidateId: c, weightedSupport: 1 } });
    expect(verdict!.recount).toEqual(verdict!.published);
    // First preferences: A 2 (Omar, Eve), B 2 (Ben with Dana's weight), C 1 (Cai).
    expect(verdict!.subjects.map((subject) => subject.recount.weightedSupport)).toEqual([2, 2, 1]);
    const printed = formatReport(report);
    expect(printed).toContain('method          schulze');
    expect(printed).toContain('pairwise (recount)');
    expect(printed).toContain('MATCH');
  });

  it('refuses the Schulze export with one ballot\u2019s ranking changed: the leaf, then the recount against the closing\u2019s record', async () => {
    const lines = exports.get(schulze)!;
    const [a, b, c] = candidatesOf(lines).map((candidate) => candidate.candidateId) as [string, string, string];
    const change = (copy: ExportLine[]) => {
      // Cai's counted ballot (C first) made B > A > C: B would win.
      const ballot = ofType(copy, 'RankedBallotCast').find((line) => dataOf<{ ranking: Ranking }>(line).ranking[0]![0] === c)!;
      dataOf<{ ranking: Ranking }>(ballot).ranking = [[b], [a], [c]];
      return ballot;
    };
    // Naive: only the ballot. Its bytes no longer hash to its leaf, and the recount is not what the closing recorded.
    const naive = structuredClone(lines);
    const ballot = change(naive);
    const plain = await verdictOf(naive);
    expect(plain.recount.result.winnerCandidateId).toBe(b);
    expect(problemsOf(plain)).toContain(`event ${ballot.event.position} (leaf ${ballot.leafIndex}): its bytes do not hash to the leaf given`);
    expect(problemsOf(plain)).toContain(`the pairwise matrix recorded at closing is not the recount (${a} over ${c}: recorded 2, recounted 3)`);
    expect(problemsOf(plain)).toContain('the winner recorded is not the recount\u2019s');
    expect(problemsOf(plain)).toContain('the published result is not the recount\u2019s');
    // With its leaf hash recomputed and every count written to agree, the proofs are what refuse it.
    const rehashed = structuredClone(lines);
    rehash(change(rehashed));
    const strongest = await covered(rehashed);
    const report = await verifyExport(serialise(strongest), { publicKey });
    expect(report.ok).toBe(false);
    const [verdict] = report.topics;
    expect(verdict!.recount.result.winnerCandidateId).toBe(b);
    expect(verdict!.recount).toEqual(verdict!.published);
    expect(problemsOf(verdict!)).not.toContain('pairwise');
    const refused = [ballot, ...ofType(strongest, 'TopicClosed'), ...ofType(strongest, 'ElectionDecided')];
    expect(verdict!.problems).toEqual(
      expect.arrayContaining(
        refused.map((line) => `event ${line.event.position} (leaf ${line.leafIndex}): its inclusion proof does not lead to the checkpoint's root`),
      ),
    );
  });

  it('recounts the approval election clean, and refuses one ballot\u2019s approvals changed', async () => {
    const lines = exports.get(approval)!;
    const [a2, b2] = candidatesOf(lines).map((candidate) => candidate.candidateId) as [string, string];
    const report = await verifyExport(serialise(lines), { publicKey });
    expect(report.problems).toEqual([]);
    const [verdict] = report.topics;
    expect(verdict).toMatchObject({ method: 'approval', pairwise: null, completeness: 'complete' });
    expect(verdict!.subjects.map((subject) => [subject.subjectId, subject.recount.weightedSupport, subject.published.weightedSupport])).toEqual([
      [a2, 3, 3],
      [b2, 3, 3],
    ]);
    expect(verdict!.recount.result).toEqual({ kind: 'winner', opinionId: null, winnerCandidateId: a2, weightedSupport: 3 });

    // Omar's approval of A2 turned into B2: B2 4, A2 2.
    const change = (copy: ExportLine[]) => {
      const ballot = ofType(copy, 'ApprovalBallotCast').find((line) => dataOf<{ approvals: string[] }>(line).approvals.join() === a2)!;
      dataOf<{ approvals: string[] }>(ballot).approvals = [b2];
      return ballot;
    };
    const naive = structuredClone(lines);
    const ballot = change(naive);
    const plain = await verdictOf(naive);
    expect(plain.subjects.map((subject) => subject.recount.weightedSupport)).toEqual([2, 4]);
    expect(problemsOf(plain)).toContain('its bytes do not hash to the leaf given');
    expect(problemsOf(plain)).toContain(`${a2}: the tally recorded at closing is not the recount`);
    expect(problemsOf(plain)).toContain('the winner recorded is not the recount\u2019s');
    expect(problemsOf(plain)).toContain(`${b2}: the published tally is not the recount`);
    const rehashed = structuredClone(lines);
    rehash(change(rehashed));
    const strongest = await verdictOf(await covered(rehashed));
    expect(strongest.recount.result.winnerCandidateId).toBe(b2);
    expect(strongest.recount).toEqual(strongest.published);
    expect(strongest.problems).toContain(
      `event ${ballot.event.position} (leaf ${ballot.leafIndex}): its inclusion proof does not lead to the checkpoint's root`,
    );
    expect(strongest.problems.every((problem) => problem.includes('its inclusion proof does not lead'))).toBe(true);
  });

  it('names why a published approval tally differs: the weight of a member who could not take part', async () => {
    const lines = structuredClone(exports.get(approval)!);
    const [, b2] = candidatesOf(lines).map((candidate) => candidate.candidateId);
    const fay = dataOf<{ userId: string }>(ofType(lines, 'ApprovalBallotCast').at(-1)!).userId;
    // A platform that counted Fay's approval publishes B2 at 4.
    const result = lines.find((line): line is ResultLine => line.kind === 'result')!;
    result.tallies.find((tally) => tally.subjectId === b2)!.weightedSupport = 4;
    expect((await verdictOf(lines)).problems).toEqual([
      `${b2}: the published tally is not the recount: 1 of the published support is carried by no counted vote or delegation in the export; members who could not take part in the group at the count would give up to 1 of it (${fay})`,
    ]);
  });

  it('refuses a closing that recorded another method and pairwise matrix than its election and ballots give, though every leaf is proven', async () => {
    const lines = exports.get(misrecorded)!;
    const [a3, b3] = candidatesOf(lines).map((candidate) => candidate.candidateId);
    const report = await verifyExport(serialise(lines), { publicKey });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `topic ${misrecorded}: the method recorded at closing (approval) is not the one the election opened with (schulze)`,
      `topic ${misrecorded}: the pairwise matrix recorded at closing is not the recount (${a3} over ${b3}: recorded 5, recounted 1)`,
    ]);
    expect(report.topics[0]!.pairwise!.recorded).toEqual([
      [0, 5],
      [2, 0],
    ]);
  });

  it('takes a ranked or approval ballot\u2019s receipt: counted as cast, or replaced by the member\u2019s later ranking', async () => {
    const lines = exports.get(schulze)!;
    const ballots = ofType(lines, 'RankedBallotCast');
    const [caiFirst, caiSecond] = ballots.filter((line) => dataOf<{ userId: string }>(line).userId === dataOf<{ userId: string }>(ballots[2]!).userId);
    const receipt = (line: EventLine, eventId: string) => ({ eventId, leafHash: line.leafHash, source: 'test' });
    const report = await verifyExport(serialise(lines), { publicKey, receipts: [receipt(caiFirst!, 'first'), receipt(caiSecond!, 'second')] });
    expect(report.ok).toBe(true);
    expect(report.receipts.map(({ eventId, status }) => ({ eventId, status }))).toEqual([
      { eventId: 'first', status: 'replaced' },
      { eventId: 'second', status: 'counted' },
    ]);
    expect(report.receipts[1]!.detail).toBe('counted in the recount as cast (ballot)');
    const approvalLines = exports.get(approval)!;
    const [omarApproval] = ofType(approvalLines, 'ApprovalBallotCast');
    const approvalReport = await verifyExport(serialise(approvalLines), { publicKey, receipts: [receipt(omarApproval!, 'approval')] });
    expect(approvalReport.receipts[0]!.status).toBe('counted');
  });

  describe('a law decided among its opinions', () => {
    // Over [no change, A, B, C]: B beats no change 3-2, A 3-2 and C 4-1 (by hand, from the ballots above).
    const MATRIX = [
      [0, 0, 2, 4],
      [5, 0, 2, 4],
      [3, 3, 0, 4],
      [1, 1, 1, 0],
    ];
    const rankingOf = (line: EventLine) => dataOf<{ ranking: Ranking }>(line).ranking;

    it('recounts clean: the Condorcet winner enacted, each opinion against no change, and the closing\u2019s method and matrix', async () => {
      const lines = exports.get(opinions)!;
      const [a, b, c] = opinionsOf(lines).map((posted) => posted.opinionId);
      const ballots = ofType(lines, 'RankedBallotCast');
      const [caiFirst, caiSecond] = ballots.filter((line) => rankingOf(line)[0]![0] === opinions || rankingOf(line)[0]![0] === c);
      const receipt = (line: EventLine, eventId: string) => ({ eventId, leafHash: line.leafHash, source: 'test' });
      const report = await verifyExport(serialise(lines), { publicKey, receipts: [receipt(caiFirst!, 'first'), receipt(caiSecond!, 'second')] });
      expect(report.problems).toEqual([]);
      const [verdict] = report.topics;
      expect(verdict).toMatchObject({ method: 'schulze', completeness: 'complete' });
      expect(verdict!.pairwise).toEqual({
        candidates: [opinions, a, b, c],
        noChange: opinions,
        recount: MATRIX,
        strongestPaths: [
          [0, 0, 0, 4],
          [5, 0, 0, 4],
          [3, 3, 0, 4],
          [0, 0, 0, 0],
        ],
        recorded: MATRIX,
      });
      // What the closing recorded: the method and matrix, each opinion against no change, and B enacted with its figures.
      const closed = dataOf<TopicClosed['data']>(ofType(lines, 'TopicClosed')[0]!);
      expect(closed).toMatchObject({ method: 'schulze', pairwise: MATRIX });
      expect(closed.tallies.map((tally) => [tally.subjectId, tally.weightedSupport, tally.weightedOppose])).toEqual([
        [a, 5, 0],
        [b, 3, 2],
        [c, 1, 4],
      ]);
      expect(dataOf<LawEnacted['data']>(ofType(lines, 'LawEnacted')[0]!)).toMatchObject({ opinionId: b, weightedSupport: 3, weightedOppose: 2 });
      expect(verdict!.recount).toEqual({ status: 'closed', result: { kind: 'law_enacted', opinionId: b, winnerCandidateId: null, weightedSupport: 3 } });
      expect(verdict!.recount).toEqual(verdict!.published);
      expect(verdict!.subjects.map((subject) => [subject.subjectId, subject.recount, subject.published])).toEqual([
        [a, { weightedSupport: 5, weightedOppose: 0 }, { weightedSupport: 5, weightedOppose: 0 }],
        [b, { weightedSupport: 3, weightedOppose: 2 }, { weightedSupport: 3, weightedOppose: 2 }],
        [c, { weightedSupport: 1, weightedOppose: 4 }, { weightedSupport: 1, weightedOppose: 4 }],
      ]);
      expect(report.receipts.map(({ eventId, status }) => ({ eventId, status }))).toEqual([
        { eventId: 'first', status: 'replaced' },
        { eventId: 'second', status: 'counted' },
      ]);
      const printed = formatReport(report);
      expect(printed).toContain('method          schulze (an opinion\u2019s tally: the weight ranking it above no change / no change above it');
      expect(printed).toContain("pairwise (recount): the weight preferring each row's option to each column's");
      expect(printed).toMatch(/^ {4}no change {7}/m);
      expect(printed).toContain('MATCH');
    });

    it('refuses one ranking changed: the leaf and the matrix, though no opinion\u2019s figure moves; with every count rewritten, the proofs', async () => {
      const lines = exports.get(opinions)!;
      const [a, b] = opinionsOf(lines).map((posted) => posted.opinionId) as [string, string];
      const change = (copy: ExportLine[]) => {
        // Omar's B > A > no change made A > B > no change: A beats B 3-2 and would be enacted; A and B stay above no change.
        const ballot = ofType(copy, 'RankedBallotCast').find((line) => rankingOf(line)[0]![0] === b)!;
        dataOf<{ ranking: Ranking }>(ballot).ranking = [[a], [b], [opinions]];
        return ballot;
      };
      const naive = structuredClone(lines);
      const ballot = change(naive);
      const plain = await verdictOf(naive);
      expect(plain.recount.result.opinionId).toBe(a);
      expect(plain.problems).toEqual([
        `event ${ballot.event.position} (leaf ${ballot.leafIndex}): its bytes do not hash to the leaf given`,
        'the law recorded as enacted is not the recount\u2019s',
        `the pairwise matrix recorded at closing is not the recount (${a} over ${b}: recorded 2, recounted 3)`,
        expect.stringContaining('the export does not hold what the closing counted'),
        'the published result is not the recount\u2019s',
      ]);
      const rehashed = structuredClone(lines);
      rehash(change(rehashed));
      const strongest = await covered(rehashed);
      const report = await verifyExport(serialise(strongest), { publicKey });
      expect(report.ok).toBe(false);
      const [verdict] = report.topics;
      expect(verdict!.recount.result).toMatchObject({ kind: 'law_enacted', opinionId: a, weightedSupport: 5 });
      expect(verdict!.recount).toEqual(verdict!.published);
      expect(verdict!.pairwise!.recorded).toEqual(verdict!.pairwise!.recount);
      const refused = [ballot, ...ofType(strongest, 'TopicClosed'), ...ofType(strongest, 'LawEnacted')];
      expect(verdict!.problems).toEqual(
        refused.map((line) => `event ${line.event.position} (leaf ${line.leafIndex}): its inclusion proof does not lead to the checkpoint's root`),
      );
    });

    it('refuses a closing that recorded another matrix, method and law figures than the ballots give, though every leaf is proven', async () => {
      const lines = exports.get(misranked)!;
      const [x] = opinionsOf(lines).map((posted) => posted.opinionId);
      const report = await verifyExport(serialise(lines), { publicKey });
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([
        `topic ${misranked}: the law enacted is recorded with +3 / -0, the recount gives +1 / -0`,
        `topic ${misranked}: the method recorded at closing (approval) is not the one the topic opened with (schulze)`,
        `topic ${misranked}: the pairwise matrix recorded at closing is not the recount (no change over ${x}: recorded 4, recounted 0)`,
        // The platform publishes the law with the figure its LawEnacted records.
        `topic ${misranked}: the published result is not the recount\u2019s`,
      ]);
      expect(report.topics[0]!.pairwise!.recorded).toEqual([
        [0, 4, 1],
        [1, 0, 1],
        [0, 0, 0],
      ]);
    });

    it('refuses a closing that records no method or matrix, and one whose recount enacts a law the log does not record', async () => {
      const lines = exports.get(opinions)!;
      const [, b] = opinionsOf(lines).map((posted) => posted.opinionId);
      const bare = structuredClone(lines);
      const [closed] = ofType(bare, 'TopicClosed');
      delete (closed!.event.data as { pairwise?: unknown }).pairwise;
      rehash(closed!);
      expect((await verdictOf(bare)).problems).toEqual([
        `event ${closed!.event.position} (leaf ${closed!.leafIndex}): its inclusion proof does not lead to the checkpoint's root`,
        'the closing of a topic decided among its opinions records no method or no pairwise matrix',
      ]);
      // The LawEnacted left out of the export: every other line is proven, and the recount enacts B.
      const [enacted] = ofType(lines, 'LawEnacted');
      expect((await verdictOf(lines.filter((line) => line !== enacted))).problems).toEqual([`the recount enacts ${b}, but the closing records no law enacted`]);
    });

    it('names why a published opinion\u2019s tally differs: the weight of a member who could not take part', async () => {
      const copy = structuredClone(exports.get(opinions)!);
      const [, , c] = opinionsOf(copy).map((posted) => posted.opinionId);
      // Fay, no member, ranked C alone (above no change); a platform that counted her publishes C at +2.
      const fay = dataOf<{ userId: string }>(ofType(copy, 'RankedBallotCast').at(-1)!).userId;
      const result = copy.find((line): line is ResultLine => line.kind === 'result')!;
      result.tallies.find((tally) => tally.subjectId === c)!.weightedSupport = 2;
      expect((await verdictOf(copy)).problems).toEqual([
        `${c}: the published tally is not the recount: 1 of the published support is carried by no counted vote or delegation in the export; members who could not take part in the group at the count would give up to 1 of it (${fay})`,
      ]);
    });
  });
});
