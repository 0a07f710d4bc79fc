import { CATALOGUE, NOT_AN_ELECTION, type ClosingTally, type QuorumFigures, type ResultView, type TopicClosed } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Delegations } from '../../projector/test/delegation-events';
import { ballotCast, candidateRegistered, electionDecided, rankedBallotCast } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import {
  groupCreated,
  lawEnacted,
  memberJoined,
  newId,
  opinionPosted,
  subscriptionActivated,
  topicClosed,
  topicCreated,
  verificationApproved,
  verificationSubmitted,
  voteCast,
  type StreamEvent,
} from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const INTERNATIONAL = 7;
const SAUDI_ARABIA = 1682;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
/** After the query side's clock (2026-03-10T12:00): still open. */
const OPEN_UNTIL = '2026-03-20T10:00:00.000Z';
/** Before it: expired. */
const EXPIRED_AT = T(9);

/** A TopicClosed as the closing count writes it for a topic opened with a quorum. */
const closedWith = (
  topicId: string,
  groupId: number,
  type: TopicClosed['data']['type'],
  tallies: ClosingTally[],
  quorum: QuorumFigures,
  decidedBy: NonNullable<TopicClosed['data']['decidedBy']>,
): StreamEvent => {
  const closed = topicClosed(topicId, groupId, EXPIRED_AT, type);
  return { ...closed, data: { ...closed.data, tallies, quorum, decidedBy } };
};

/**
 * GET /api/topics/<id>/result with quorum and majority (issue #34 item 3): every kind's `quorum`
 * (live while open, recorded once closed) and `decidedBy`; the 'support' kind of a law decided by
 * support and oppose, whose leader needs more than half of the weight that took part; asOf.
 */
describe('query-api results with quorum and majority', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  let linus: Member;
  let ken: Member;
  let olga: Member;
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
      at(
        T(1),
        groupCreated(
          SAUDI_ARABIA,
          CATALOGUE.find((group) => group.groupId === SAUDI_ARABIA)!,
        ),
      ),
      at(
        T(1),
        groupCreated(
          INTERNATIONAL,
          CATALOGUE.find((group) => group.groupId === INTERNATIONAL)!,
        ),
      ),
    );
    [ada, grace, linus, ken, olga] = [
      await query.member('Ada'),
      await query.member('Grace'),
      await query.member('Linus'),
      await query.member('Ken'),
      await query.member('Olga'),
    ];
    // Ada's family has all five; Ken lets Grace vote for him there. Ada, Grace and Linus are citizens of Saudi
    // Arabia; Ken of Egypt; Olga's claim is not approved.
    const seal = (member: Member) => query.vault.seal(member.id, '1012345678');
    const [va, vg, vl, vk, vo] = [newId(), newId(), newId(), newId(), newId()];
    await query.record(
      ...[grace, linus, ken, olga].map((member) => at(T(1, 1), memberJoined(ada.groups.family, member.id))),
      at(T(1, 2), d.assign(ada.groups.family, ken.id, grace.id)),
      verificationSubmitted(va, ada.id, await seal(ada)),
      verificationApproved(va, ada.id),
      verificationSubmitted(vg, grace.id, await seal(grace)),
      verificationApproved(vg, grace.id),
      verificationSubmitted(vl, linus.id, await seal(linus)),
      verificationApproved(vl, linus.id),
      verificationSubmitted(vk, ken.id, await seal(ken), { country: 'Egypt', countryKey: 'egypt' }),
      verificationApproved(vk, ken.id, null, 'egypt'),
      verificationSubmitted(vo, olga.id, await seal(olga)),
    );
  });
  afterAll(async () => query?.close());

  const resultOf = async (topicId: string, asOf?: string) => {
    const answer = await query.get(`/api/topics/${topicId}/result${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`, { as: ada });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as ResultView;
  };
  const quorum = (percent: number, eligibleWeight: number, participatingWeight: number, reached: boolean) => ({
    percent,
    eligibleWeight,
    participatingWeight,
    reached,
  });

  describe('a law decided by support and oppose (kind support)', () => {
    const family = () => ada.groups.family;
    /** A law amendment in Ada's family with opinions x (Ada's) and y (Linus's). */
    async function law(day: number, options: { quorumPercent?: number; expiresAt?: string } = {}) {
      const topicId = newId();
      const [x, y] = [newId(), newId()];
      const { quorumPercent, expiresAt = OPEN_UNTIL } = options;
      await query.record(
        at(T(day), topicCreated(topicId, family(), ada.id, { expiresAt, ...(quorumPercent === undefined ? {} : { quorumPercent }) })),
        at(T(day, 1), opinionPosted(x, topicId, family(), ada.id)),
        at(T(day, 2), opinionPosted(y, topicId, family(), linus.id)),
      );
      const vote = (member: Member, opinionId: string, choice: 'support' | 'oppose', minute: number) =>
        at(T(day, minute), voteCast({ opinionId, topicId, groupId: family(), userId: member.id }, choice));
      return { topicId, x, y, vote };
    }

    it('leads only with more than half of the weight that took part, each member counted once; a topic opened before quorums keeps the old rule', async () => {
      const topic = await law(2, { quorumPercent: 50 });
      const legacy = await law(2);
      const { topicId, x, y, vote } = topic;
      // Grace (2: Ken's too) supports x; Linus supports y; Ada opposes both (she takes part once).
      const votes = (on: typeof topic) => [
        on.vote(grace, on.x, 'support', 10),
        on.vote(linus, on.y, 'support', 11),
        on.vote(ada, on.x, 'oppose', 12),
        on.vote(ada, on.y, 'oppose', 13),
      ];
      await query.record(...votes(topic), ...votes(legacy));
      const before = await resultOf(topicId);
      // x: 2 for, 1 against, of 4 who took part: not more than half. 4 of the family's 5 reach the quorum of 50%.
      expect(before).toEqual({
        kind: 'support',
        topicId,
        status: 'active',
        opinions: [
          { opinionId: x, supportCount: 1, opposeCount: 1, weightedSupport: 2, weightedOppose: 1 },
          { opinionId: y, supportCount: 1, opposeCount: 1, weightedSupport: 1, weightedOppose: 1 },
        ],
        leaderOpinionId: null,
        enactedOpinionId: null,
        asOf: null,
        quorum: quorum(50, 5, 4, true),
        decidedBy: null,
      });
      // The same votes on a topic opened before quorums: x leads on support beating oppose alone, and no figures.
      expect(await resultOf(legacy.topicId)).toMatchObject({ kind: 'support', leaderOpinionId: legacy.x, quorum: null, decidedBy: null });

      await query.record(vote(olga, x, 'support', 20));
      const after = await resultOf(topicId);
      // x: 3 of 5 who took part.
      expect(after).toMatchObject({ leaderOpinionId: x, quorum: quorum(50, 5, 5, true), decidedBy: null });
      expect(after.kind === 'support' && after.opinions[0]).toEqual({ opinionId: x, supportCount: 2, opposeCount: 1, weightedSupport: 3, weightedOppose: 1 });
      // The tally module's fold: before Olga voted, and now (what the read models give).
      expect({ ...(await resultOf(topicId, T(2, 15))), asOf: null }).toEqual(before);
      const now = await resultOf(topicId, T(2, 30));
      expect(now.asOf).toMatch(/^[0-9a-f]{16}-[0-9a-f]{16}$/);
      expect({ ...now, asOf: null }).toEqual(after);
      // Before any vote nobody took part.
      expect(await resultOf(topicId, T(2, 5))).toMatchObject({ leaderOpinionId: null, quorum: quorum(50, 5, 0, false) });
    });

    it('answers the figures and the rule the closing recorded: below the quorum nothing is enacted; above it, a majority is', async () => {
      const short = await law(4, { quorumPercent: 50, expiresAt: EXPIRED_AT });
      const enough = await law(5, { quorumPercent: 50, expiresAt: EXPIRED_AT });
      await query.record(
        short.vote(grace, short.x, 'support', 10),
        enough.vote(grace, enough.x, 'support', 10),
        enough.vote(linus, enough.x, 'support', 11),
        enough.vote(olga, enough.x, 'oppose', 12),
      );
      // Expired, not yet closed: the live figures, and the leader by the majority rule (2 of 2; 3 of 4).
      expect(await resultOf(short.topicId)).toMatchObject({ status: 'counting', leaderOpinionId: short.x, quorum: quorum(50, 5, 2, false), decidedBy: null });
      const tally = (subjectId: string, counts: [number, number, number, number]): ClosingTally => ({
        subjectId,
        supportCount: counts[0],
        opposeCount: counts[1],
        weightedSupport: counts[2],
        weightedOppose: counts[3],
      });
      await query.record(
        at(
          T(9, 5),
          closedWith(
            short.topicId,
            family(),
            'law_amendment',
            [tally(short.x, [1, 0, 2, 0]), tally(short.y, [0, 0, 0, 0])],
            quorum(50, 5, 2, false),
            'quorum_not_reached',
          ),
        ),
        at(
          T(9, 5),
          closedWith(
            enough.topicId,
            family(),
            'law_amendment',
            [tally(enough.x, [2, 1, 3, 1]), tally(enough.y, [0, 0, 0, 0])],
            quorum(50, 5, 4, true),
            'majority',
          ),
        ),
        at(T(9, 5), lawEnacted(enough.topicId, family(), enough.x, ada.id, T(9, 5), { weightedSupport: 3, weightedOppose: 1 })),
      );
      const below = await resultOf(short.topicId);
      expect(below).toMatchObject({
        status: 'closed',
        leaderOpinionId: null,
        enactedOpinionId: null,
        quorum: quorum(50, 5, 2, false),
        decidedBy: 'quorum_not_reached',
      });
      const above = await resultOf(enough.topicId);
      expect(above).toEqual({
        kind: 'support',
        topicId: enough.topicId,
        status: 'closed',
        opinions: [
          { opinionId: enough.x, supportCount: 2, opposeCount: 1, weightedSupport: 3, weightedOppose: 1 },
          { opinionId: enough.y, supportCount: 0, opposeCount: 0, weightedSupport: 0, weightedOppose: 0 },
        ],
        leaderOpinionId: null,
        enactedOpinionId: enough.x,
        asOf: null,
        quorum: quorum(50, 5, 4, true),
        decidedBy: 'majority',
      });
      // The fold gives what the closing recorded; before the closing, it was counting.
      expect({ ...(await resultOf(short.topicId, T(9, 30))), asOf: null }).toEqual(below);
      expect({ ...(await resultOf(enough.topicId, T(9, 30))), asOf: null }).toEqual(above);
      expect(await resultOf(enough.topicId, T(9, 1))).toMatchObject({ status: 'counting', leaderOpinionId: enough.x, enactedOpinionId: null, decidedBy: null });
    });

    it('answers 400 for a discussion: it decides nothing', async () => {
      const discussion = newId();
      await query.record(at(T(6), topicCreated(discussion, family(), ada.id, { type: 'family_discussion', expiresAt: OPEN_UNTIL })));
      const answer = await query.get(`/api/topics/${discussion}/result`, { as: ada });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 400, body: { message: NOT_AN_ELECTION } });
    });
  });

  describe('an election in a national group (kind election)', () => {
    /** A plurality election in Saudi Arabia with Ada standing. */
    async function election(day: number, expiresAt: string) {
      const topicId = newId();
      const candidate = newId();
      await query.record(
        at(T(day), topicCreated(topicId, SAUDI_ARABIA, ada.id, { type: 'election', expiresAt, quorumPercent: 50 })),
        at(T(day, 1), candidateRegistered(candidate, topicId, SAUDI_ARABIA, ada.id)),
      );
      const ballot = (member: Member, minute: number) => at(T(day, minute), ballotCast({ topicId, groupId: SAUDI_ARABIA, userId: member.id }, candidate));
      return { topicId, candidate, ballot };
    }

    it('weighs the ballots against the country\u2019s verified citizens now, live and asOf', async () => {
      const { topicId, ballot } = await election(3, OPEN_UNTIL);
      await query.record(ballot(grace, 10));
      // Three citizens (Ken is Egypt's, Olga is not verified): 1 of 3 is below half.
      expect(await resultOf(topicId)).toMatchObject({ kind: 'election', ballotWeight: 1, quorum: quorum(50, 3, 1, false), decidedBy: null });
      await query.record(ballot(linus, 20));
      const live = await resultOf(topicId);
      expect(live).toMatchObject({ ballotWeight: 2, quorum: quorum(50, 3, 2, true), decidedBy: null });
      expect(await resultOf(topicId, T(3, 15))).toMatchObject({ ballotWeight: 1, quorum: quorum(50, 3, 1, false) });
      expect({ ...(await resultOf(topicId, T(3, 30))), asOf: null }).toEqual(live);
    });

    it('answers the eligible weight the closing recorded once closed, and the rule: asOf after the closing too', async () => {
      const { topicId, candidate, ballot } = await election(4, EXPIRED_AT);
      await query.record(ballot(grace, 10));
      // The closing counted two citizens then (the read models hold three now): its figure stands.
      await query.record(
        at(
          T(9, 5),
          closedWith(
            topicId,
            SAUDI_ARABIA,
            'election',
            [{ subjectId: candidate, supportCount: 1, opposeCount: 0, weightedSupport: 1, weightedOppose: 0 }],
            quorum(50, 2, 1, true),
            'method_winner',
          ),
        ),
        at(T(9, 5), electionDecided(topicId, SAUDI_ARABIA, { userId: ada.id, candidateId: candidate }, T(9, 5), false)),
      );
      const closed = await resultOf(topicId);
      expect(closed).toMatchObject({ status: 'closed', winnerCandidateId: candidate, quorum: quorum(50, 2, 1, true), decidedBy: 'method_winner' });
      expect({ ...(await resultOf(topicId, T(9, 30))), asOf: null }).toEqual(closed);
      // Before the closing the fold weighs the read models' count.
      expect(await resultOf(topicId, T(8))).toMatchObject({ status: 'active', quorum: quorum(50, 3, 1, false), decidedBy: null });
    });
  });

  describe('a law decided among its opinions in a religion (kind opinions)', () => {
    it('weighs the ranked ballots against every account, live and asOf', async () => {
      const topicId = newId();
      const x = newId();
      await query.record(
        at(T(7), topicCreated(topicId, ISLAM, ada.id, { method: 'schulze', expiresAt: OPEN_UNTIL, quorumPercent: 60 })),
        at(T(7, 1), opinionPosted(x, topicId, ISLAM, ada.id)),
      );
      const by = (member: Member) => ({ topicId, groupId: ISLAM, userId: member.id });
      await query.record(at(T(7, 10), rankedBallotCast(by(ada), [[x], [topicId]])), at(T(7, 11), rankedBallotCast(by(grace), [[x]])));
      // Five accounts: 2 of 5 is below 60%.
      expect(await resultOf(topicId)).toMatchObject({ kind: 'opinions', ballotWeight: 2, quorum: quorum(60, 5, 2, false), decidedBy: null });
      await query.record(at(T(7, 20), rankedBallotCast(by(linus), [[topicId], [x]])));
      const live = await resultOf(topicId);
      expect(live).toMatchObject({ ballotWeight: 3, quorum: quorum(60, 5, 3, true), decidedBy: null });
      expect(await resultOf(topicId, T(7, 15))).toMatchObject({ ballotWeight: 2, quorum: quorum(60, 5, 2, false) });
      expect({ ...(await resultOf(topicId, T(7, 30))), asOf: null }).toEqual(live);
    });
  });

  describe('groups that need a subscription', () => {
    beforeAll(async () => {
      // Grace subscribes until after the clock; Linus's subscription ended before it (not yet marked expired); Ken, Ada and Olga have none.
      await query.record(subscriptionActivated(grace.id, newId(), T(1), OPEN_UNTIL), subscriptionActivated(linus.id, newId(), T(1), T(9)));
    });

    it('weighs an international group\u2019s subscribers now, and a business group\u2019s subscribed members', async () => {
      const [international, business] = [newId(), newId()];
      const olgas = olga.groups.business;
      await query.record(
        ...[grace, linus, ken].map((member) => at(T(8), memberJoined(olgas, member.id))),
        at(T(8, 1), topicCreated(international, INTERNATIONAL, ada.id, { type: 'election', expiresAt: OPEN_UNTIL, quorumPercent: 20 })),
        at(T(8, 1), topicCreated(business, olgas, olga.id, { type: 'dispute_resolution', expiresAt: OPEN_UNTIL, quorumPercent: 10 })),
      );
      expect(await resultOf(international)).toMatchObject({ kind: 'election', quorum: quorum(20, 1, 0, false) });
      const answer = await query.get(`/api/topics/${business}/result`, { as: olga });
      expect(answer.json()).toMatchObject({ kind: 'support', quorum: quorum(10, 1, 0, false), leaderOpinionId: null });
    });
  });
});
