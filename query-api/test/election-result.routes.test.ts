import { CATALOGUE, NOT_AN_ELECTION, type ClosingTally, type ElectionResultView } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Delegations } from '../../projector/test/delegation-events';
import { approvalBallotCast, ballotCast, candidateRegistered, electionDecided, rankedBallotCast } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, newId, topicClosed, topicCreated, topicDeleted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
/** After the query side's clock (2026-03-10T12:00): still open. */
const OPEN_UNTIL = '2026-03-20T10:00:00.000Z';
/** Before it: expired. */
const EXPIRED_AT = T(9);
const person = (firstName: string) => ({ firstName, lastName: 'Tester', profileImageUrl: null });

/**
 * GET /api/topics/<id>/result (issue #34 item 5) and the candidates read of every method: counts with
 * delegation applied, the Schulze matrix, the leader while open and the winner once closed, `asOf`.
 */
describe('query-api election results by method', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let linus: Member;
  let ken: Member;
  const d = new Delegations();

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(
      at(
        T(1),
        groupCreated(
          ISLAM,
          CATALOGUE.find((group) => group.groupId === ISLAM)!,
        ),
      ),
    );
    [ada, grace, linus, ken] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus'), await query.member('Ken')];
    // Ken lets Grace vote for him in Islam.
    await query.record(at(T(1, 5), d.assign(ISLAM, ken.id, grace.id)));
  });
  afterAll(async () => query?.close());

  /** An election with candidates Ada, Grace and Linus (registered in that order). */
  async function election(method: 'plurality' | 'schulze' | 'approval', expiresAt = OPEN_UNTIL, day = 2) {
    const topicId = newId();
    const [a, g, l] = [newId(), newId(), newId()];
    await query.record(
      at(T(day), topicCreated(topicId, ISLAM, ada.id, { type: 'election', expiresAt, ...(method === 'plurality' ? {} : { method }) })),
      at(T(day, 1), candidateRegistered(a, topicId, ISLAM, ada.id)),
      at(T(day, 2), candidateRegistered(g, topicId, ISLAM, grace.id)),
      at(T(day, 3), candidateRegistered(l, topicId, ISLAM, linus.id)),
    );
    return { topicId, a, g, l, by: (member: Member) => ({ topicId, groupId: ISLAM, userId: member.id }) };
  }
  const resultOf = async (topicId: string, options: { as?: Member; asOf?: string; position?: string } = {}) => {
    const answer = await query.get(`/api/topics/${topicId}/result${options.asOf ? `?asOf=${encodeURIComponent(options.asOf)}` : ''}`, options);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as ElectionResultView;
  };
  const countsOf = (result: ElectionResultView) =>
    result.candidates.map(({ candidateId, directCount, weightedCount }) => ({ candidateId, directCount, weightedCount }));
  const candidatesOf = async (topicId: string, member?: Member) => {
    const answer = await query.get(`/api/topics/${topicId}/candidates`, { as: member });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as Array<{ id: string; voteCount: number; directVotes: number; isMyChoice: boolean; myRank?: number | null }>).map(
      ({ id, voteCount, directVotes, isMyChoice, myRank }) => ({ id, voteCount, directVotes, isMyChoice, myRank }),
    );
  };

  describe('a Schulze election', () => {
    let schulze: Awaited<ReturnType<typeof election>>;
    let beforeLinus = '';

    beforeAll(async () => {
      schulze = await election('schulze');
      const { a, g, l, by } = schulze;
      await query.record(at(T(3), rankedBallotCast(by(ada), [[a], [g], [l]])), at(T(3, 1), rankedBallotCast(by(grace), [[g], [l], [a]])));
      beforeLinus = T(3, 1);
      await query.record(at(T(3, 2), rankedBallotCast(by(linus), [[l], [a, g]])));
    });

    it('answers the pairwise matrix and strongest paths in registration order, first preferences weighted, and the Schulze leader', async () => {
      const { topicId, a, g, l } = schulze;
      // Grace's ballot weighs 2 (Ken's delegation). Ada over Grace: Ada 1 (Linus ties them); Grace over Ada: 2; Linus over Ada: Grace 2 + Linus 1.
      expect(await resultOf(topicId, { as: ken })).toEqual({
        kind: 'election',
        topicId,
        method: 'schulze',
        status: 'active',
        candidates: [
          { candidateId: a, userId: ada.id, user: person('Ada'), directCount: 1, weightedCount: 1 },
          { candidateId: g, userId: grace.id, user: person('Grace'), directCount: 1, weightedCount: 2 },
          { candidateId: l, userId: linus.id, user: person('Linus'), directCount: 1, weightedCount: 1 },
        ],
        ballotWeight: 4,
        ballotCount: 3,
        leaderCandidateId: g,
        winnerCandidateId: null,
        pairwise: [
          [0, 1, 1],
          [2, 0, 3],
          [3, 1, 0],
        ],
        strongestPaths: [
          [0, 0, 0],
          [3, 0, 3],
          [3, 0, 0],
        ],
        schulzeWinners: [g],
        asOf: null,
        // Opened before quorums: none (issue #34 item 3).
        quorum: null,
        decidedBy: null,
      });
    });

    it('answers asOf a moment from the events: before Linus ranked, and after', async () => {
      const { topicId, a, g, l } = schulze;
      const then = await resultOf(topicId, { as: ken, asOf: beforeLinus });
      expect(then).toMatchObject({ status: 'active', ballotCount: 2, ballotWeight: 3, leaderCandidateId: g, winnerCandidateId: null, schulzeWinners: [g] });
      expect(countsOf(then)).toEqual([
        { candidateId: a, directCount: 1, weightedCount: 1 },
        { candidateId: g, directCount: 1, weightedCount: 2 },
        { candidateId: l, directCount: 0, weightedCount: 0 },
      ]);
      expect(then.pairwise).toEqual([
        [0, 1, 1],
        [2, 0, 3],
        [2, 0, 0],
      ]);
      expect(then.asOf).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/);
      // Asked at a position, and now: the fold gives what the read models give.
      const live = await resultOf(topicId);
      const atPosition = await resultOf(topicId, { asOf: T(3, 30) });
      expect({ ...atPosition, asOf: null }).toEqual(live);
      expect(await resultOf(topicId, { asOf: atPosition.asOf! })).toEqual(atPosition);
    });

    it('answers the candidates by first preferences, with the member\u2019s own ranks', async () => {
      const { topicId, a, g, l } = schulze;
      expect(await candidatesOf(topicId, linus)).toEqual([
        { id: g, voteCount: 2, directVotes: 1, isMyChoice: false, myRank: 1 },
        { id: a, voteCount: 1, directVotes: 1, isMyChoice: false, myRank: 1 },
        { id: l, voteCount: 1, directVotes: 1, isMyChoice: true, myRank: 0 },
      ]);
      expect((await candidatesOf(topicId, ken)).map((candidate) => candidate.myRank)).toEqual([null, null, null]);
    });

    it('shows a member\u2019s new ballot at once to them: the read waits for the session\u2019s last write', async () => {
      const { topicId, a, g, l, by } = schulze;
      // As command-api does: the ballot appended, the session told its position; the read sends no header.
      const position = await query.append(at(T(4), rankedBallotCast(by(ken), [[a], [l]])));
      await query.auth.sessions.notePosition(ken.cookie.split('=')[1]!, position);
      const mine = await resultOf(topicId, { as: ken });
      // Ken's own ballot overrides his delegation: Grace's weighs 1 again.
      expect(countsOf(mine)).toEqual([
        { candidateId: a, directCount: 2, weightedCount: 2 },
        { candidateId: g, directCount: 1, weightedCount: 1 },
        { candidateId: l, directCount: 1, weightedCount: 1 },
      ]);
      expect(mine).toMatchObject({ ballotCount: 4, ballotWeight: 4 });
      expect((await candidatesOf(topicId, ken)).find((candidate) => candidate.id === a)).toEqual({
        id: a,
        voteCount: 2,
        directVotes: 2,
        isMyChoice: true,
        myRank: 0,
      });
      expect((await candidatesOf(topicId, ken)).find((candidate) => candidate.id === g)?.myRank).toBeNull();
    });
  });

  describe('an approval election', () => {
    it('counts approvals weighted, leads by the most, and says counting once it expired', async () => {
      const { topicId, a, g, l, by } = await election('approval', EXPIRED_AT, 5);
      await query.record(
        at(T(5, 10), approvalBallotCast(by(grace), [a, l])),
        at(T(5, 11), approvalBallotCast(by(linus), [l])),
        at(T(5, 12), approvalBallotCast(by(linus), [g])),
      );
      const result = await resultOf(topicId, { as: ada });
      expect(result).toMatchObject({
        method: 'approval',
        status: 'counting',
        ballotCount: 2,
        ballotWeight: 3,
        leaderCandidateId: a,
        winnerCandidateId: null,
        pairwise: null,
        strongestPaths: null,
        schulzeWinners: null,
      });
      // Grace's approvals weigh 2 each (Ken's delegation): Ada 2, Linus 2 (a tie: the earlier registration leads), Grace 1.
      expect(countsOf(result)).toEqual([
        { candidateId: a, directCount: 1, weightedCount: 2 },
        { candidateId: g, directCount: 1, weightedCount: 1 },
        { candidateId: l, directCount: 1, weightedCount: 2 },
      ]);
      expect(await candidatesOf(topicId, grace)).toEqual([
        { id: a, voteCount: 2, directVotes: 1, isMyChoice: true, myRank: 0 },
        { id: l, voteCount: 2, directVotes: 1, isMyChoice: true, myRank: 0 },
        { id: g, voteCount: 1, directVotes: 1, isMyChoice: false, myRank: null },
      ]);
      // The fold agrees: past expiry it is counting too.
      expect({ ...(await resultOf(topicId, { as: ada, asOf: T(10) })), asOf: null }).toEqual(result);
    });
  });

  describe('a plurality election', () => {
    it('counts ballots naming each candidate, with delegation', async () => {
      const { topicId, a, g, l, by } = await election('plurality', OPEN_UNTIL, 6);
      await query.record(at(T(6, 10), ballotCast(by(grace), l)), at(T(6, 11), ballotCast(by(ada), a)));
      const result = await resultOf(topicId);
      expect(result).toMatchObject({ method: 'plurality', status: 'active', ballotCount: 2, ballotWeight: 3, leaderCandidateId: l, pairwise: null });
      expect(countsOf(result)).toEqual([
        { candidateId: a, directCount: 1, weightedCount: 1 },
        { candidateId: g, directCount: 0, weightedCount: 0 },
        { candidateId: l, directCount: 1, weightedCount: 2 },
      ]);
      expect({ ...(await resultOf(topicId, { asOf: T(6, 30) })), asOf: null }).toEqual(result);
      // Before the first ballot nobody leads.
      expect(await resultOf(topicId, { asOf: T(6, 5) })).toMatchObject({ ballotCount: 0, ballotWeight: 0, leaderCandidateId: null });
    });
  });

  describe('a closed Schulze election', () => {
    it('answers the winner its ElectionDecided declared, the matrix it recorded and the closing tallies; asOf before the closing, the leader', async () => {
      const { topicId, a, g, l, by } = await election('schulze', EXPIRED_AT, 7);
      await query.record(at(T(7, 10), rankedBallotCast(by(linus), [[l], [g]])), at(T(7, 11), rankedBallotCast(by(grace), [[g], [l]])));
      const tallies: ClosingTally[] = [
        { subjectId: a, supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0 },
        { subjectId: g, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 },
        { subjectId: l, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 },
      ];
      const pairwise = [
        [0, 0, 0],
        [3, 0, 2],
        [3, 1, 0],
      ];
      const closed = topicClosed(topicId, ISLAM, EXPIRED_AT, 'election');
      const decided = electionDecided(topicId, ISLAM, { userId: grace.id, candidateId: g }, T(9, 5), false);
      await query.record(
        at(T(9, 5), { ...closed, data: { ...closed.data, tallies } }),
        at(T(9, 5), { ...decided, data: { ...decided.data, method: 'schulze', pairwise } }),
      );
      const result = await resultOf(topicId);
      expect(result).toMatchObject({
        status: 'closed',
        leaderCandidateId: null,
        winnerCandidateId: g,
        ballotCount: 2,
        ballotWeight: 3,
        pairwise,
        strongestPaths: [
          [0, 0, 0],
          [3, 0, 2],
          [3, 0, 0],
        ],
        schulzeWinners: [g],
      });
      expect(countsOf(result)).toEqual(
        tallies.map((tally) => ({ candidateId: tally.subjectId, directCount: tally.supportCount, weightedCount: tally.weightedSupport })),
      );
      expect({ ...(await resultOf(topicId, { asOf: T(9, 30) })), asOf: null }).toEqual(result);
      expect(await resultOf(topicId, { asOf: T(8) })).toMatchObject({ status: 'active', leaderCandidateId: g, winnerCandidateId: null });
      expect(await resultOf(topicId, { asOf: T(9, 1) })).toMatchObject({ status: 'counting', leaderCandidateId: g, winnerCandidateId: null });
    });
  });

  describe('refusals', () => {
    it('answers 404 for no topic, a deleted or hidden election and before it existed; 400 for a discussion and a bad asOf', async () => {
      const expectAnswer = async (url: string, status: number, message: string, as: Member = ken) => {
        const answer = await query.get(url, { as });
        expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status, body: { message } });
      };
      const [law, deleted, hidden, discussion] = [newId(), newId(), newId(), newId()];
      await query.record(
        at(T(8), topicCreated(law, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
        at(T(8), topicCreated(discussion, ada.groups.family, ada.id, { type: 'family_discussion', expiresAt: OPEN_UNTIL })),
        at(T(8), topicCreated(deleted, ISLAM, ada.id, { type: 'election', method: 'approval', expiresAt: OPEN_UNTIL })),
        at(T(8, 1), topicDeleted(deleted, ISLAM, ada.id)),
        at(T(8), topicCreated(hidden, ada.groups.business, ada.id, { type: 'election', method: 'schulze', expiresAt: OPEN_UNTIL })),
      );
      for (const id of [newId(), deleted, hidden, 'not-a-topic']) await expectAnswer(`/api/topics/${id}/result`, 404, 'Topic not found');
      await expectAnswer(`/api/topics/${discussion}/result`, 400, NOT_AN_ELECTION, ada);
      // A law has a result of its own kind (issue #34 item 3), but no candidates.
      expect((await resultOf(law)).kind).toBe('support');
      await expectAnswer(`/api/topics/${law}/candidates`, 400, NOT_AN_ELECTION);
      // The business group's own member reads its election.
      expect((await resultOf(hidden, { as: ada })).method).toBe('schulze');
      const { topicId } = await election('approval', OPEN_UNTIL, 8);
      await expectAnswer(`/api/topics/${topicId}/result?asOf=yesterday`, 400, 'asOf must be an ISO time or a position.');
      await expectAnswer(`/api/topics/${topicId}/result?asOf=${encodeURIComponent(T(7))}`, 404, 'Topic not found');
    });

    it('is read as the candidates are: by visitors too (both routes are public)', async () => {
      const { topicId } = await election('approval', OPEN_UNTIL, 8);
      const visitor = await query.get(`/api/topics/${topicId}/result`);
      expect(visitor.statusCode).toBe(200);
      expect((await query.get(`/api/topics/${topicId}/candidates`)).statusCode).toBe(200);
      expect(query.routes.find((route) => route.url === '/api/topics/:id/result')?.config).toMatchObject({ access: 'public' });
      expect(query.routes.find((route) => route.url === '/api/topics/:id/candidates')?.config).toMatchObject({ access: 'public' });
    });
  });
});
