import { CATALOGUE, NOT_AN_ELECTION, NO_MAIN_ELECTION, delegationStream } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotCast, ballotWithdrawn, candidateRegistered, electionDecided, mainElectionOpened } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, newId, topicClosed, topicCreated, topicDeleted } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const CHRISTIANITY = 3;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
/** After the query side's clock (2026-03-10T12:00): still open. */
const OPEN_UNTIL = '2026-03-20T10:00:00.000Z';
const catalogue = (groupId: number) =>
  groupCreated(
    groupId,
    CATALOGUE.find((group) => group.groupId === groupId)!,
  );

describe('query-api elections routes', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let linus: Member;
  let ken: Member;
  const [oldElection, mainElection, deletedElection, law] = [newId(), newId(), newId(), newId()];
  const [adaCandidate, graceCandidate, linusCandidate] = [newId(), newId(), newId()];
  const election = { type: 'election' as const, isMainElection: true, title: 'Islam Leadership Election', description: 'Elect the leader of Islam.' };

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(at(T(1), catalogue(ISLAM)), at(T(1), catalogue(CHRISTIANITY)));
    [ada, grace, linus, ken] = [await query.member('Ada'), await query.member('Grace'), await query.member('Linus'), await query.member('Ken')];
    await query.record(
      // An earlier main election, decided for Grace; the current one; one opened later and deleted.
      at(T(1, 1), mainElectionOpened(ISLAM, oldElection, ada.id, T(2))),
      at(T(1, 1), topicCreated(oldElection, ISLAM, ada.id, { ...election, expiresAt: T(2) })),
      at(T(2), topicClosed(oldElection, ISLAM, T(2), 'election')),
      at(T(2), electionDecided(oldElection, ISLAM, { userId: grace.id, candidateId: newId() }, T(2))),
      at(T(3), mainElectionOpened(ISLAM, mainElection, ada.id, OPEN_UNTIL)),
      at(T(3), topicCreated(mainElection, ISLAM, ada.id, { ...election, expiresAt: OPEN_UNTIL })),
      at(T(4), topicCreated(deletedElection, ISLAM, ada.id, { ...election, expiresAt: OPEN_UNTIL })),
      at(T(4, 1), topicDeleted(deletedElection, ISLAM, ada.id)),
      at(T(3, 1), topicCreated(law, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
      // Ada, Grace and Linus stand, in that order.
      at(T(5), candidateRegistered(adaCandidate, mainElection, ISLAM, ada.id, 'Open books.')),
      at(T(5, 1), candidateRegistered(graceCandidate, mainElection, ISLAM, grace.id, 'Lower fees.')),
      at(T(5, 2), candidateRegistered(linusCandidate, mainElection, ISLAM, linus.id, '')),
    );
  });
  afterAll(async () => query?.close());

  describe('GET /api/groups/<id>/main-election', () => {
    it('answers the group\u2019s newest main election that is not deleted, with its candidates counted and no winner yet', async () => {
      const answer = await query.get(`/api/groups/${ISLAM}/main-election`, { as: ken });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        id: mainElection,
        title: 'Islam Leadership Election',
        description: 'Elect the leader of Islam.',
        type: 'election',
        groupId: ISLAM,
        createdBy: ada.id,
        status: 'active',
        isMainElection: true,
        method: 'plurality',
        quorumPercent: null,
        winnerId: null,
        expiresAt: OPEN_UNTIL,
        createdAt: T(3),
        updatedAt: T(3),
        author: { firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
        opinionCount: 0,
        canParticipate: true,
        winner: null,
        candidateCount: 3,
      });
      // Signed out it reads the same, without the right to take part.
      expect((await query.get(`/api/groups/${ISLAM}/main-election`)).json()).toMatchObject({ id: mainElection, canParticipate: false });
    });

    it('names the winner once the election is decided', async () => {
      const position = await query.record(
        at(T(6), topicClosed(mainElection, ISLAM, T(6), 'election')),
        at(T(6), electionDecided(mainElection, ISLAM, { userId: linus.id, candidateId: linusCandidate }, T(6))),
      );
      expect((await query.get(`/api/groups/${ISLAM}/main-election`, { as: ken, position })).json()).toMatchObject({
        id: mainElection,
        status: 'closed',
        winnerId: linus.id,
        winner: { id: linus.id, firstName: 'Linus', lastName: 'Tester', profileImageUrl: null },
        canParticipate: false,
      });
      // The old one keeps its own winner.
      expect((await query.get(`/api/topics/${oldElection}`, { as: ken })).json()).toMatchObject({ winnerId: grace.id });
    });

    it('answers 404 with its message when the group has none, and for groups the viewer cannot see', async () => {
      const none = await query.get(`/api/groups/${CHRISTIANITY}/main-election`, { as: ken });
      expect({ status: none.statusCode, body: none.json() }).toEqual({ status: 404, body: { message: NO_MAIN_ELECTION } });
      const hidden = await query.get(`/api/groups/${ada.groups.family}/main-election`, { as: ken });
      expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({ status: 404, body: { message: 'Group not found' } });
      expect((await query.get('/api/groups/99999/main-election')).statusCode).toBe(404);
    });
  });

  describe('GET /api/topics/<id>/candidates', () => {
    const [open, first, second] = [newId(), newId(), newId()];
    const ballot = (userId: string) => ({ topicId: open, groupId: ISLAM, userId });

    beforeAll(async () => {
      await query.record(
        at(T(7), topicCreated(open, ISLAM, ada.id, { type: 'election', expiresAt: OPEN_UNTIL })),
        at(T(7, 1), candidateRegistered(first, open, ISLAM, ada.id)),
        at(T(7, 2), candidateRegistered(second, open, ISLAM, grace.id)),
      );
    });

    const listOf = async (member: Member | null, position?: string) => {
      const answer = await query.get(`/api/topics/${open}/candidates`, { as: member ?? undefined, position });
      expect(answer.statusCode).toBe(200);
      return answer.json() as Array<{ id: string; voteCount: number; directVotes: number; isMyChoice: boolean }>;
    };
    const counts = (list: Awaited<ReturnType<typeof listOf>>) =>
      list.map(({ id, voteCount, directVotes, isMyChoice }) => ({ id, voteCount, directVotes, isMyChoice }));

    it('lists every candidate with names and statement, in registration order while nobody has chosen', async () => {
      const list = await listOf(ken);
      expect(list).toEqual([
        {
          id: first,
          userId: ada.id,
          groupId: ISLAM,
          topicId: open,
          statement: 'I will listen first.',
          voteCount: 0,
          directVotes: 0,
          createdAt: T(7, 1),
          firstName: 'Ada',
          lastName: 'Tester',
          user: { firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
          isMyChoice: false,
          myRank: null,
        },
        {
          id: second,
          userId: grace.id,
          groupId: ISLAM,
          topicId: open,
          statement: 'I will listen first.',
          voteCount: 0,
          directVotes: 0,
          createdAt: T(7, 2),
          firstName: 'Grace',
          lastName: 'Tester',
          user: { firstName: 'Grace', lastName: 'Tester', profileImageUrl: null },
          isMyChoice: false,
          myRank: null,
        },
      ]);
    });

    it('orders by the weighted tally: a delegator\u2019s weight follows their delegate\u2019s ballot', async () => {
      // Ken votes for Ada directly; Linus for Grace, and Ada delegates to Linus in the group: Grace 2, Ada 1.
      const position = await query.record(
        at(T(8), ballotCast(ballot(ken.id), first)),
        at(T(8, 1), ballotCast(ballot(linus.id), second)),
        at(T(8, 2), {
          type: 'DelegationAssigned',
          streamId: delegationStream(ISLAM, ada.id),
          data: { delegationId: newId(), groupId: ISLAM, delegatorId: ada.id, delegateId: linus.id, previousDelegationId: null, previousDelegateId: null },
        }),
      );
      expect(counts(await listOf(linus, position))).toEqual([
        { id: second, voteCount: 2, directVotes: 1, isMyChoice: true },
        { id: first, voteCount: 1, directVotes: 1, isMyChoice: false },
      ]);
      // Ada's own ballot overrides her delegation: her weight stays with her choice.
      const own = await query.record(at(T(9), ballotCast(ballot(ada.id), first)));
      expect(counts(await listOf(ada, own))).toEqual([
        { id: first, voteCount: 2, directVotes: 2, isMyChoice: true },
        { id: second, voteCount: 1, directVotes: 1, isMyChoice: false },
      ]);
      const withdrawn = await query.record(at(T(9, 1), ballotWithdrawn(ballot(ken.id), first)));
      expect(counts(await listOf(null, withdrawn))).toEqual([
        { id: first, voteCount: 1, directVotes: 1, isMyChoice: false },
        { id: second, voteCount: 1, directVotes: 1, isMyChoice: false },
      ]);
    });

    it('answers 400 for a topic that is not an election, 404 for one that does not exist or was deleted', async () => {
      const notElection = await query.get(`/api/topics/${law}/candidates`, { as: ken });
      expect({ status: notElection.statusCode, body: notElection.json() }).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
      for (const id of [newId(), deletedElection, 'not-a-topic']) {
        const missing = await query.get(`/api/topics/${id}/candidates`, { as: ken });
        expect({ status: missing.statusCode, body: missing.json() }).toEqual({ status: 404, body: { message: 'Topic not found' } });
      }
    });

    it('hides the candidates of an election in a group the viewer cannot see', async () => {
      const business = newId();
      const position = await query.record(at(T(10), topicCreated(business, ada.groups.business, ada.id, { type: 'election', expiresAt: OPEN_UNTIL })));
      expect((await query.get(`/api/topics/${business}/candidates`, { as: ada, position })).json()).toEqual([]);
      expect((await query.get(`/api/topics/${business}/candidates`, { as: ken, position })).statusCode).toBe(404);
    });
  });

  describe('statistics from elections', () => {
    it('counts open elections as pending in the group, decided ones as held on the platform', async () => {
      // Pending: the open ordinary election (the main one is closed, the deleted one gone).
      const stats = await query.get(`/api/groups/${ISLAM}/stats`, { as: ken });
      expect(stats.json()).toMatchObject({ pendingElections: 1 });
      expect((await query.get('/api/platform/stats')).json()).toMatchObject({ electionsHeld: 2 });
    });

    it('credits each member with the elections they won (+10 each) and the members delegating to them', async () => {
      const stats = (member: Member) => query.get('/api/user/stats', { as: member }).then((answer) => answer.json());
      expect(await stats(linus)).toMatchObject({ electionsWon: 1, delegatesCount: 1, participationScore: 10 });
      expect(await stats(grace)).toMatchObject({ electionsWon: 1, delegatesCount: 0, participationScore: 10 });
      expect(await stats(ken)).toMatchObject({ electionsWon: 0, delegatesCount: 0, participationScore: 0 });
    });
  });
});
