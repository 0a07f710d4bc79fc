import { CATALOGUE, delegationStream, type DelegationAssigned, type DelegationRevoked } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import {
  groupCreated,
  newId,
  opinionPosted,
  subscriptionActivated,
  topicCreated,
  verificationApproved,
  verificationSubmitted,
  voteCast,
  type StreamEvent,
  type VoteTarget,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const SAUDI_ARABIA = 1682;
const INTERNATIONAL = 7;
const CREATED = '2026-03-01T09:00:00.000Z';
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
const OPEN_UNTIL = '2026-04-01T10:00:00.000Z';

const catalogue = (groupId: number) =>
  at(
    CREATED,
    groupCreated(
      groupId,
      CATALOGUE.find((group) => group.groupId === groupId)!,
    ),
  );
const assigned = (
  groupId: number,
  delegatorId: string,
  delegateId: string,
  delegationId: string,
  previous: { id: string; delegateId: string } | null = null,
): StreamEvent<'DelegationAssigned', DelegationAssigned['data']> => ({
  type: 'DelegationAssigned',
  streamId: delegationStream(groupId, delegatorId),
  data: { delegationId, groupId, delegatorId, delegateId, previousDelegationId: previous?.id ?? null, previousDelegateId: previous?.delegateId ?? null },
});
const revoked = (
  groupId: number,
  delegatorId: string,
  delegateId: string,
  delegationId: string,
): StreamEvent<'DelegationRevoked', DelegationRevoked['data']> => ({
  type: 'DelegationRevoked',
  streamId: delegationStream(groupId, delegatorId),
  data: { delegationId, groupId, delegatorId, delegateId },
});

/**
 * One national group's delegations, every kind of chain (issue 11):
 * ada -> bob -> cyd; dan <-> eve (a cycle); fay -> gus; ivy (no citizen) -> cyd; hal -> ivy; jon alone.
 * Opinions on one topic: S (cyd, jon, hal support; bob opposes), P (gus supports), Q (cyd supports).
 */
describe('query-api delegation routes: my delegations, the weight I carry, receipts, weighted opinions', () => {
  let query: QueryApp;
  const people: Record<string, Member> = {};
  const topic = newId();
  const [S, P, Q] = [newId(), newId(), newId()];
  const [d1, d2, d3] = [newId(), newId(), newId()];
  let privateOpinion: string;

  beforeAll(async () => {
    query = await startQueryApp();
    await query.record(catalogue(SAUDI_ARABIA), catalogue(INTERNATIONAL));
    for (const name of ['Ada', 'Bob', 'Cyd', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon']) people[name.toLowerCase()] = await query.member(name);
    const { ada, bob, cyd, dan, eve, fay, gus, hal, ivy, jon } = people as Record<string, Member>;
    const citizens = [ada, bob, cyd, dan, eve, fay, gus, hal, jon];
    const verifications = await Promise.all(
      citizens.map(async (member, index) => {
        const id = newId();
        return [verificationSubmitted(id, member!.id, await query.vault.seal(member!.id, `10000000${index}`)), verificationApproved(id, member!.id)];
      }),
    );
    const on =
      (opinionId: string) =>
      (userId: string): VoteTarget => ({ opinionId, topicId: topic, groupId: SAUDI_ARABIA, userId });
    privateOpinion = newId();
    const privateTopic = newId();
    await query.record(
      ...verifications.flat(),
      subscriptionActivated(ada!.id, newId(), '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      // Ada named Dan first, then Bob; in International she named Jon, then ended it.
      at(T(1), assigned(SAUDI_ARABIA, ada!.id, dan!.id, d1)),
      at(T(2), assigned(SAUDI_ARABIA, ada!.id, bob!.id, d2, { id: d1, delegateId: dan!.id })),
      at(T(3), assigned(INTERNATIONAL, ada!.id, jon!.id, d3)),
      at(T(4), revoked(INTERNATIONAL, ada!.id, jon!.id, d3)),
      at(T(2), assigned(SAUDI_ARABIA, bob!.id, cyd!.id, newId())),
      at(T(2), assigned(SAUDI_ARABIA, dan!.id, eve!.id, newId())),
      at(T(2), assigned(SAUDI_ARABIA, eve!.id, dan!.id, newId())),
      at(T(2), assigned(SAUDI_ARABIA, fay!.id, gus!.id, newId())),
      at(T(2), assigned(SAUDI_ARABIA, ivy!.id, cyd!.id, newId())),
      at(T(2), assigned(SAUDI_ARABIA, hal!.id, ivy!.id, newId())),
      at(T(5), topicCreated(topic, SAUDI_ARABIA, jon!.id, { expiresAt: OPEN_UNTIL })),
      at(T(5, 1), opinionPosted(S, topic, SAUDI_ARABIA, jon!.id, 'S')),
      at(T(5, 2), opinionPosted(P, topic, SAUDI_ARABIA, jon!.id, 'P')),
      at(T(5, 3), opinionPosted(Q, topic, SAUDI_ARABIA, jon!.id, 'Q')),
      ...[cyd, jon, hal].map((member) => at(T(6), voteCast(on(S)(member!.id), 'support'))),
      at(T(6), voteCast(on(S)(bob!.id), 'oppose')),
      at(T(6), voteCast(on(P)(gus!.id), 'support')),
      at(T(6), voteCast(on(Q)(cyd!.id), 'support')),
      at(T(7), topicCreated(privateTopic, ada!.groups.family, ada!.id, { type: 'family_discussion', expiresAt: OPEN_UNTIL })),
      at(T(7), opinionPosted(privateOpinion, privateTopic, ada!.groups.family, ada!.id)),
    );
  });
  afterAll(async () => query.close());

  const get = async (url: string, who: string) => {
    const answer = await query.get(url, { as: people[who] });
    return { status: answer.statusCode, body: answer.json() };
  };
  const person = (name: string) => ({ id: people[name]!.id, firstName: people[name]!.firstName, lastName: 'Tester' });

  it('refuses every delegation read to a visitor', async () => {
    for (const url of ['/api/user/delegations', `/api/delegations/${SAUDI_ARABIA}`, `/api/opinions/${S}/receipt`]) {
      expect((await query.get(url)).statusCode, url).toBe(401);
    }
  });

  describe('GET /api/user/delegations', () => {
    it('lists the member\u2019s own delegations, active and ended, newest first, with the delegate\u2019s names and the group', async () => {
      const { body } = await get('/api/user/delegations', 'ada');
      expect(body.map((one: { id: string; isActive: boolean }) => [one.id, one.isActive])).toEqual([
        [d3, false],
        [d2, true],
        [d1, false],
      ]);
      expect(body[1]).toEqual({
        id: d2,
        delegatorId: people.ada!.id,
        delegateId: people.bob!.id,
        groupId: SAUDI_ARABIA,
        isActive: true,
        createdAt: T(2),
        updatedAt: T(2),
        delegate: { firstName: 'Bob', lastName: 'Tester', profileImageUrl: null },
        group: { name: 'Saudi Arabia' },
      });
      expect(body[0]).toMatchObject({ groupId: INTERNATIONAL, delegate: { firstName: 'Jon' }, group: { name: 'International' } });
    });

    it('never shows anyone else\u2019s delegations', async () => {
      const { body } = await get('/api/user/delegations', 'bob');
      expect(body.map((one: { delegatorId: string; delegateId: string }) => [one.delegatorId, one.delegateId])).toEqual([[people.bob!.id, people.cyd!.id]]);
      expect((await get('/api/user/delegations', 'jon')).body).toEqual([]);
    });
  });

  describe('GET /api/delegations/<groupId>', () => {
    it('answers the member\u2019s active delegation in the group and the weight they carry there', async () => {
      expect(await get(`/api/delegations/${SAUDI_ARABIA}`, 'ada')).toEqual({
        status: 200,
        body: {
          groupId: SAUDI_ARABIA,
          delegation: expect.objectContaining({
            id: d2,
            delegateId: people.bob!.id,
            isActive: true,
            delegate: { firstName: 'Bob', lastName: 'Tester', profileImageUrl: null },
          }),
          carried: { directDelegators: 0, weight: 1 },
        },
      });
      expect((await get(`/api/delegations/${INTERNATIONAL}`, 'ada')).body).toEqual({
        groupId: INTERNATIONAL,
        delegation: null,
        carried: { directDelegators: 0, weight: 1 },
      });
    });

    it('counts the members whose chains reach a delegate, transitively, never through a member who may not take part', async () => {
      const carried = async (name: string) => (await get(`/api/delegations/${SAUDI_ARABIA}`, name)).body.carried;
      // Cyd: Bob and, through him, Ada; Ivy is no citizen, so neither she nor Hal behind her counts.
      expect(await carried('cyd')).toEqual({ directDelegators: 1, weight: 3 });
      expect(await carried('bob')).toEqual({ directDelegators: 1, weight: 2 });
      // A cycle: each carries the other.
      expect(await carried('dan')).toEqual({ directDelegators: 1, weight: 2 });
      expect(await carried('gus')).toEqual({ directDelegators: 1, weight: 2 });
      // A member who may not take part carries nothing.
      expect((await carried('ivy')).weight).toBe(0);
      expect(await carried('jon')).toEqual({ directDelegators: 0, weight: 1 });
      // Jon has no subscription, so he may not take part in International: he carries nothing there.
      expect((await get(`/api/delegations/${INTERNATIONAL}`, 'jon')).body.carried).toEqual({ directDelegators: 0, weight: 0 });
    });

    it('answers 404 for a group that does not exist or that the member may not see', async () => {
      expect(await get('/api/delegations/999999', 'ada')).toEqual({ status: 404, body: { message: 'Group not found' } });
      expect(await get(`/api/delegations/${people.ada!.groups.family}`, 'bob')).toEqual({ status: 404, body: { message: 'Group not found' } });
    });
  });

  describe('GET /api/opinions/<id>/receipt', () => {
    const receipt = async (opinionId: string, name: string) => (await get(`/api/opinions/${opinionId}/receipt`, name)).body;

    it('shows a direct vote, and a chain with the vote it joined', async () => {
      expect(await receipt(S, 'bob')).toEqual({
        opinionId: S,
        groupId: SAUDI_ARABIA,
        outcome: 'direct',
        reason: null,
        path: [person('bob')],
        joinedVote: 'oppose',
        summary: 'voted directly',
      });
      // A direct vote overrides: on S Ada's weight stops at Bob; on Q it goes on to Cyd.
      expect(await receipt(S, 'ada')).toEqual({
        opinionId: S,
        groupId: SAUDI_ARABIA,
        outcome: 'delegated',
        reason: null,
        path: [person('ada'), person('bob')],
        joinedVote: 'oppose',
        summary: 'Ada Tester -> Bob Tester (oppose)',
      });
      expect(await receipt(Q, 'ada')).toMatchObject({
        outcome: 'delegated',
        path: [person('ada'), person('bob'), person('cyd')],
        joinedVote: 'support',
        summary: 'Ada Tester -> Bob Tester -> Cyd Tester (support)',
      });
      expect(await receipt(P, 'fay')).toMatchObject({ outcome: 'delegated', summary: 'Fay Tester -> Gus Tester (support)' });
    });

    it('explains every abstention: a cycle, a chain without a direct vote, a member who may not take part', async () => {
      expect(await receipt(S, 'dan')).toMatchObject({
        outcome: 'abstained',
        reason: 'cycle',
        path: [person('dan'), person('eve'), person('dan')],
        joinedVote: null,
        summary: 'abstained: cycle',
      });
      expect(await receipt(S, 'fay')).toMatchObject({
        outcome: 'abstained',
        reason: 'no_direct_vote',
        path: [person('fay'), person('gus')],
        summary: 'abstained: no direct vote on the chain',
      });
      expect(await receipt(P, 'ada')).toMatchObject({ reason: 'no_direct_vote', path: [person('ada'), person('bob'), person('cyd')] });
      expect(await receipt(S, 'gus')).toMatchObject({ reason: 'no_direct_vote', path: [person('gus')] });
      expect(await receipt(S, 'ivy')).toMatchObject({
        outcome: 'abstained',
        reason: 'ineligible',
        path: [person('ivy')],
        summary: 'abstained: not eligible in this group',
      });
      // Hal's chain stops at Ivy: it neither counts nor goes on to Cyd.
      expect(await receipt(Q, 'hal')).toMatchObject({
        outcome: 'abstained',
        reason: 'ineligible',
        path: [person('hal'), person('ivy')],
        summary: 'abstained: not eligible in this group',
      });
    });

    it('answers 404 for an opinion that does not exist or that the member may not see', async () => {
      for (const id of ['nope', newId(), privateOpinion])
        expect(await get(`/api/opinions/${id}/receipt`, 'bob'), id).toEqual({ status: 404, body: { message: 'Opinion not found' } });
      expect((await get(`/api/opinions/${privateOpinion}/receipt`, 'ada')).body).toMatchObject({
        outcome: 'abstained',
        reason: 'no_direct_vote',
        path: [person('ada')],
      });
    });
  });

  describe('weighted opinions and topic numbers', () => {
    it('orders opinions by the weighted tally and shows both direct and weighted counts', async () => {
      const { body } = await get(`/api/topics/${topic}/opinions`, 'ada');
      const counts = (body as Array<Record<string, unknown>>).map(({ id, supportCount, opposeCount, weightedSupport, weightedOppose, voteCount }) => ({
        id,
        supportCount,
        opposeCount,
        weightedSupport,
        weightedOppose,
        voteCount,
      }));
      // By direct counts S would lead; weighted, Q (Cyd with Bob and Ada) and P (Gus with Fay) come first.
      expect(counts).toEqual([
        { id: Q, supportCount: 1, opposeCount: 0, weightedSupport: 3, weightedOppose: 0, voteCount: 3 },
        { id: P, supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0, voteCount: 2 },
        { id: S, supportCount: 3, opposeCount: 1, weightedSupport: 3, weightedOppose: 2, voteCount: 1 },
      ]);
    });

    it('sums the weighted support and opposition in the topic\u2019s numbers; votes cast stay direct', async () => {
      expect((await get(`/api/topics/${topic}/stats`, 'ada')).body).toEqual({ participants: 5, totalVotes: 6, totalOpinions: 3, support: 8, oppose: 2 });
    });
  });
});
