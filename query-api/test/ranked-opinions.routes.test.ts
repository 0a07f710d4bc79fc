import { CATALOGUE, NOT_AN_ELECTION, contentModerationStream, type ClosingTally, type RankedOpinionsResultView } from '@civitas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Delegations } from '../../projector/test/delegation-events';
import { rankedBallotCast } from '../../projector/test/election-events';
import { at } from '../../projector/test/projection-spec';
import { groupCreated, lawEnacted, newId, opinionPosted, roleGranted, topicClosed, topicCreated } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const ISLAM = 2;
const T = (day: number, minute = 0) => new Date(Date.UTC(2026, 2, day, 10, minute)).toISOString();
/** After the query side's clock (2026-03-10T12:00): still open. */
const OPEN_UNTIL = '2026-03-20T10:00:00.000Z';
/** Before it: expired. */
const EXPIRED_AT = T(9);
const person = (firstName: string) => ({ firstName, lastName: 'Tester', profileImageUrl: null });
const CONTENTS = ['Twice an hour.', 'Every hour.', 'Only at weekends.'];

/**
 * A law amendment decided among its opinions (issue #34 item 2) on the query side: GET
 * /api/topics/<id>/result (RankedOpinionsResultView) with its matrix, leader and enacted opinion, the
 * opinions list, the topic's numbers and card count from the same ranked ballots, asOf, delegation,
 * and, once closed, the TopicClosed tallies. Every matrix here is worked by hand in the comments.
 */
describe('query-api: a law decided among its opinions', () => {
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
    // Ken lets Grace rank for him in Islam: her ballot weighs 2.
    await query.record(at(T(1, 5), d.assign(ISLAM, ken.id, grace.id)));
  });
  afterAll(async () => query?.close());

  /** A ranked law amendment with opinions x (Ada's), y (Grace's) and z (Linus's), posted in that order. */
  async function rankedLaw(day: number, expiresAt = OPEN_UNTIL) {
    const topicId = newId();
    const [x, y, z] = [newId(), newId(), newId()];
    await query.record(
      at(T(day), topicCreated(topicId, ISLAM, ada.id, { method: 'schulze', expiresAt })),
      at(T(day, 1), opinionPosted(x, topicId, ISLAM, ada.id, CONTENTS[0])),
      at(T(day, 2), opinionPosted(y, topicId, ISLAM, grace.id, CONTENTS[1])),
      at(T(day, 3), opinionPosted(z, topicId, ISLAM, linus.id, CONTENTS[2])),
    );
    const option = (id: string, index: number, author: string) => ({ id, content: CONTENTS[index]!, author: person(author) });
    return {
      topicId,
      x,
      y,
      z,
      by: (member: Member) => ({ topicId, groupId: ISLAM, userId: member.id }),
      opinions: [option(x, 0, 'Ada'), option(y, 1, 'Grace'), option(z, 2, 'Linus')],
    };
  }
  const read = async <Body>(url: string, as?: Member): Promise<Body> => {
    const answer = await query.get(url, { as });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Body;
  };
  const resultOf = (topicId: string, options: { as?: Member; asOf?: string } = {}) =>
    read<RankedOpinionsResultView>(`/api/topics/${topicId}/result${options.asOf ? `?asOf=${encodeURIComponent(options.asOf)}` : ''}`, options.as);
  /** [directAbove, directBelow, weightedAbove, weightedBelow] of each option, no change first. */
  const countsOf = (result: RankedOpinionsResultView) =>
    result.options.map((option) => [option.directAbove, option.directBelow, option.weightedAbove, option.weightedBelow]);
  type Opinion = { id: string; supportCount: number; opposeCount: number; weightedSupport: number; weightedOppose: number; voteCount: number };
  const opinionsOf = async (topicId: string, asOf?: string) =>
    (await read<Opinion[]>(`/api/topics/${topicId}/opinions${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`)).map(
      ({ id, supportCount, opposeCount, weightedSupport, weightedOppose, voteCount }) => ({
        id,
        supportCount,
        opposeCount,
        weightedSupport,
        weightedOppose,
        voteCount,
      }),
    );
  const counted = (id: string, [supportCount, opposeCount, weightedSupport, weightedOppose]: number[]) => ({
    id,
    supportCount: supportCount!,
    opposeCount: opposeCount!,
    weightedSupport: weightedSupport!,
    weightedOppose: weightedOppose!,
    voteCount: weightedSupport! - weightedOppose!,
  });

  describe('while open', () => {
    let law: Awaited<ReturnType<typeof rankedLaw>>;
    const beforeLinus = T(3, 1);

    beforeAll(async () => {
      law = await rankedLaw(2);
      const { topicId, x, y, z, by } = law;
      await query.record(
        at(T(3), rankedBallotCast(by(ada), [[x], [topicId], [y]])),
        at(beforeLinus, rankedBallotCast(by(grace), [[y], [x], [topicId]])),
        at(T(3, 2), rankedBallotCast(by(linus), [[topicId], [z]])),
      );
    });

    it('answers the matrix over no change and the opinions, and no leader when the Schulze winner only ties no change', async () => {
      const { topicId, x, y, z, opinions } = law;
      // Ada (1): x > nc > y > z (unnamed). Grace (2, Ken's too): y > x > nc > z. Linus (1): nc > z > x = y (both unnamed).
      // nc-x 1:3, nc-y 2:2, nc-z 4:0, x-y 1:2, x-z 3:1, y-z 3:1. Links: x>nc 3, nc>z 4, y>x 2, x>z 3, y>z 3 (nc and y tie).
      // Strongest paths: y>x 2, y>nc 2 (through x), y>z 3; x>nc 3, x>z 3; nc>z 4. y alone is unbeaten, but ties no change head to head.
      expect(await resultOf(topicId, { as: ken })).toEqual({
        kind: 'opinions',
        topicId,
        method: 'schulze',
        status: 'active',
        options: [
          { optionId: topicId, isNoChange: true, opinion: null, directAbove: 0, directBelow: 0, weightedAbove: 0, weightedBelow: 0 },
          { optionId: x, isNoChange: false, opinion: opinions[0], directAbove: 2, directBelow: 1, weightedAbove: 3, weightedBelow: 1 },
          { optionId: y, isNoChange: false, opinion: opinions[1], directAbove: 1, directBelow: 2, weightedAbove: 2, weightedBelow: 2 },
          { optionId: z, isNoChange: false, opinion: opinions[2], directAbove: 0, directBelow: 3, weightedAbove: 0, weightedBelow: 4 },
        ],
        ballotWeight: 4,
        ballotCount: 3,
        leaderOpinionId: null,
        enactedOpinionId: null,
        pairwise: [
          [0, 1, 2, 4],
          [3, 0, 1, 3],
          [2, 2, 0, 3],
          [0, 1, 1, 0],
        ],
        strongestPaths: [
          [0, 0, 0, 4],
          [3, 0, 0, 3],
          [2, 2, 0, 3],
          [0, 0, 0, 0],
        ],
        schulzeWinners: [y],
        asOf: null,
        // Ken has not ranked (Grace ranks for him).
        myRanking: null,
        // Opened before quorums: none (issue #34 item 3).
        quorum: null,
        decidedBy: null,
      });
      expect((await resultOf(topicId, { as: ada })).myRanking).toEqual([[x], [topicId], [y]]);
      expect((await resultOf(topicId)).myRanking).toBeNull();
    });

    it('lists the opinions by those counts, highest net first, and the topic\u2019s numbers and card count from the same ballots', async () => {
      const { topicId, x, y, z } = law;
      expect(await opinionsOf(topicId)).toEqual([counted(x, [2, 1, 3, 1]), counted(y, [1, 2, 2, 2]), counted(z, [0, 3, 0, 4])]);
      // Participants: the three who posted and ranked. Votes: every opinion's above plus below, as the opinions read counts them.
      expect(await read(`/api/topics/${topicId}/stats`)).toEqual({ participants: 3, totalVotes: 9, totalOpinions: 3, support: 5, oppose: 7 });
      const card = (await read<Array<{ id: string; voteCount: number; method: string | null }>>(`/api/groups/${ISLAM}/topics`)).find((t) => t.id === topicId);
      expect(card).toMatchObject({ voteCount: 9, method: 'schulze' });
      expect(await read(`/api/topics/${topicId}`)).toMatchObject({ type: 'law_amendment', method: 'schulze' });
      // The member's own export counts their opinion as the opinions read does.
      const exported = JSON.parse((await query.get('/api/user/export', { as: grace })).body) as { opinions: Array<{ id: string }> };
      expect(exported.opinions.find((opinion) => opinion.id === y)).toMatchObject({ supportCount: 1, opposeCount: 2 });
    });

    it('answers asOf from the events: before Linus ranked y led, and now the fold gives what the read models give', async () => {
      const { topicId, x, y, z } = law;
      // Ada and Grace only: nc-x 0:3, nc-y 1:2, nc-z 3:0, x-y 1:2, x-z 3:0, y-z 3:0. y beats x and no change (2:1): y leads.
      const then = await resultOf(topicId, { asOf: beforeLinus, as: linus });
      // Linus had not ranked yet then.
      expect(then.myRanking).toBeNull();
      expect((await resultOf(topicId, { asOf: T(3, 30), as: linus })).myRanking).toEqual([[topicId], [z]]);
      expect(then).toMatchObject({
        status: 'active',
        ballotCount: 2,
        ballotWeight: 3,
        leaderOpinionId: y,
        schulzeWinners: [y],
        pairwise: [
          [0, 0, 1, 3],
          [3, 0, 1, 3],
          [2, 2, 0, 3],
          [0, 0, 0, 0],
        ],
      });
      expect(countsOf(then)).toEqual([
        [0, 0, 0, 0],
        [2, 0, 3, 0],
        [1, 1, 2, 1],
        [0, 2, 0, 3],
      ]);
      expect(await opinionsOf(topicId, beforeLinus)).toEqual([counted(x, [2, 0, 3, 0]), counted(y, [1, 1, 2, 1]), counted(z, [0, 2, 0, 3])]);
      // Participants then: the three who had posted (Linus too), two of whom had ranked.
      expect(await read(`/api/topics/${topicId}/stats?asOf=${encodeURIComponent(beforeLinus)}`)).toEqual({
        participants: 3,
        totalVotes: 6,
        totalOpinions: 3,
        support: 5,
        oppose: 4,
      });
      const live = await resultOf(topicId);
      const now = await resultOf(topicId, { asOf: T(3, 30) });
      expect({ ...now, asOf: null }).toEqual(live);
      expect(await resultOf(topicId, { asOf: now.asOf! })).toEqual(now);
      expect(await opinionsOf(topicId, T(3, 30))).toEqual(await opinionsOf(topicId));
    });

    it('counts a delegator\u2019s own ballot instead of their delegate\u2019s, at once for them: x now beats everything', async () => {
      const { topicId, x, by } = law;
      const position = await query.append(at(T(4), rankedBallotCast(by(ken), [[x]])));
      await query.auth.sessions.notePosition(ken.cookie.split('=')[1]!, position);
      // Every ballot weighs 1 now; Ken: x > nc = y = z. nc-x 1:3, nc-y 2:1, nc-z 3:0, x-y 2:1, x-z 3:1, y-z 2:1.
      const mine = await resultOf(topicId, { as: ken });
      expect(mine).toMatchObject({
        myRanking: [[x]],
        ballotCount: 4,
        ballotWeight: 4,
        leaderOpinionId: x,
        schulzeWinners: [x],
        pairwise: [
          [0, 1, 2, 3],
          [3, 0, 2, 3],
          [1, 1, 0, 2],
          [0, 1, 1, 0],
        ],
      });
      expect(countsOf(mine)).toEqual([
        [0, 0, 0, 0],
        [3, 1, 3, 1],
        [1, 2, 1, 2],
        [0, 3, 0, 3],
      ]);
    });
  });

  describe('closed', () => {
    it('counts while expired, then answers the matrix TopicClosed recorded, its tallies and the opinion enacted; the laws page shows it', async () => {
      const { topicId, x, y, z, by } = await rankedLaw(5, EXPIRED_AT);
      await query.record(
        at(T(5, 10), rankedBallotCast(by(ada), [[x], [topicId]])),
        at(T(5, 11), rankedBallotCast(by(grace), [[x], [y]])),
        at(T(5, 12), rankedBallotCast(by(linus), [[y], [topicId], [x]])),
      );
      // Ada (1): x > nc > y = z. Grace (2): x > y > nc = z. Linus (1): y > nc > x > z.
      // nc-x 1:3, nc-y 1:3, nc-z 2:0, x-y 3:1, x-z 4:0, y-z 3:0: x beats every option, no change included.
      const pairwise = [
        [0, 1, 1, 2],
        [3, 0, 3, 4],
        [3, 1, 0, 3],
        [0, 0, 0, 0],
      ];
      const counting = await resultOf(topicId);
      expect(counting).toMatchObject({ status: 'counting', leaderOpinionId: x, enactedOpinionId: null, pairwise });
      const tallies: ClosingTally[] = [
        { subjectId: x, supportCount: 2, opposeCount: 1, weightedSupport: 3, weightedOppose: 1 },
        { subjectId: y, supportCount: 2, opposeCount: 1, weightedSupport: 3, weightedOppose: 1 },
        { subjectId: z, supportCount: 0, opposeCount: 2, weightedSupport: 0, weightedOppose: 2 },
      ];
      const closing = topicClosed(topicId, ISLAM, EXPIRED_AT);
      await query.record(
        at(T(9, 5), { ...closing, data: { ...closing.data, tallies, method: 'schulze', pairwise } }),
        at(T(9, 5), lawEnacted(topicId, ISLAM, x, ada.id, T(9, 5), { weightedSupport: 3, weightedOppose: 1 })),
      );
      const result = await resultOf(topicId);
      expect(result).toMatchObject({
        status: 'closed',
        leaderOpinionId: null,
        enactedOpinionId: x,
        ballotCount: 3,
        ballotWeight: 4,
        pairwise,
        strongestPaths: [
          [0, 0, 0, 2],
          [3, 0, 3, 4],
          [3, 0, 0, 3],
          [0, 0, 0, 0],
        ],
        schulzeWinners: [x],
      });
      expect(countsOf(result).slice(1)).toEqual(tallies.map((t) => [t.supportCount, t.opposeCount, t.weightedSupport, t.weightedOppose]));
      // The tally module's fold agrees with the recorded closing; before it, it was counting, and before expiry, open.
      expect({ ...(await resultOf(topicId, { asOf: T(9, 30) })), asOf: null }).toEqual(result);
      expect(await resultOf(topicId, { asOf: T(9, 1) })).toMatchObject({ status: 'counting', leaderOpinionId: x, enactedOpinionId: null });
      expect(await resultOf(topicId, { asOf: T(6) })).toMatchObject({ status: 'active', leaderOpinionId: x });
      // The opinions, the numbers and the laws page read the closing tallies (x and y tie on net: posting order).
      expect(await opinionsOf(topicId)).toEqual(tallies.map((t) => counted(t.subjectId, [t.supportCount, t.opposeCount, t.weightedSupport, t.weightedOppose])));
      expect(await read(`/api/topics/${topicId}/stats`)).toMatchObject({ totalVotes: 8, support: 6, oppose: 4 });
      const laws = await read<Array<{ topicId: string }>>(`/api/laws/${ISLAM}`);
      expect(laws.find((l) => l.topicId === topicId)).toMatchObject({
        opinionId: x,
        content: CONTENTS[0],
        weightedSupport: 3,
        weightedOppose: 1,
        voteCount: 2,
        method: 'schulze',
      });
    });

    it('lets no change stand when it ties the best opinion by strongest paths (the tie goes to no change)', async () => {
      const { topicId, x, y, z, by } = await rankedLaw(7, EXPIRED_AT);
      await query.record(
        at(T(7, 10), rankedBallotCast(by(ada), [[topicId], [x]])),
        at(T(7, 11), rankedBallotCast(by(linus), [[topicId]])),
        at(T(7, 12), rankedBallotCast(by(grace), [[y]])),
      );
      // Ada (1): nc > x > y = z. Linus (1): nc > every opinion. Grace (2): y > nc = x = z.
      // nc-x 2:0, nc-y 2:2, nc-z 2:0, x-y 1:2, x-z 1:0, y-z 2:0. No change and y are both unbeaten: no change stands.
      const pairwise = [
        [0, 2, 2, 2],
        [0, 0, 1, 1],
        [2, 2, 0, 2],
        [0, 0, 0, 0],
      ];
      const tallies: ClosingTally[] = [
        { subjectId: x, supportCount: 0, opposeCount: 2, weightedSupport: 0, weightedOppose: 2 },
        { subjectId: y, supportCount: 1, opposeCount: 2, weightedSupport: 2, weightedOppose: 2 },
        { subjectId: z, supportCount: 0, opposeCount: 2, weightedSupport: 0, weightedOppose: 2 },
      ];
      expect(await resultOf(topicId)).toMatchObject({ status: 'counting', leaderOpinionId: null, schulzeWinners: [topicId, y], pairwise });
      const closing = topicClosed(topicId, ISLAM, EXPIRED_AT);
      await query.record(at(T(9, 6), { ...closing, data: { ...closing.data, tallies, method: 'schulze', pairwise } }));
      const result = await resultOf(topicId);
      expect(result).toMatchObject({
        status: 'closed',
        enactedOpinionId: null,
        leaderOpinionId: null,
        schulzeWinners: [topicId, y],
        strongestPaths: [
          [0, 2, 0, 2],
          [0, 0, 0, 1],
          [0, 2, 0, 2],
          [0, 0, 0, 0],
        ],
      });
      expect(countsOf(result).slice(1)).toEqual(tallies.map((t) => [t.supportCount, t.opposeCount, t.weightedSupport, t.weightedOppose]));
      expect({ ...(await resultOf(topicId, { asOf: T(9, 30) })), asOf: null }).toEqual(result);
      expect((await read<Array<{ topicId: string }>>(`/api/laws/${ISLAM}`)).some((l) => l.topicId === topicId)).toBe(false);
    });
  });

  it('shows a hidden opinion as the opinions read does: blank but to admins', async () => {
    const { topicId, x } = await rankedLaw(8);
    const admin = await query.member('Hind');
    await query.record(roleGranted(admin.id, 'admin'), {
      type: 'ContentHidden',
      streamId: contentModerationStream('opinion', x),
      data: { targetType: 'opinion', targetId: x, topicId, authorId: ada.id, reportId: newId(), reason: 'Names a private person.', hiddenBy: admin.id },
      time: T(8, 30),
    });
    const shownTo = async (as?: Member) => (await resultOf(topicId, { as })).options[1]!.opinion!.content;
    for (const reader of [ada, grace, undefined]) expect(await shownTo(reader)).toBe('');
    expect(await shownTo(admin)).toBe(CONTENTS[0]);
  });

  it('answers a law decided by support and oppose its own kind, 400 for a discussion, 404 for a hidden one; the candidates read stays an election\u2019s', async () => {
    const expectAnswer = async (url: string, status: number, message: string) => {
      const answer = await query.get(url, { as: ken });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status, body: { message } });
    };
    const [plain, discussion, hidden] = [newId(), newId(), newId()];
    await query.record(
      at(T(8), topicCreated(plain, ISLAM, ada.id, { expiresAt: OPEN_UNTIL })),
      at(T(8), topicCreated(discussion, ada.groups.friends, ada.id, { type: 'friends_discussion', expiresAt: OPEN_UNTIL })),
      at(T(8), topicCreated(hidden, ada.groups.business, ada.id, { method: 'schulze', expiresAt: OPEN_UNTIL })),
    );
    expect((await read<{ kind: string }>(`/api/topics/${plain}/result`, ken)).kind).toBe('support');
    expect((await query.get(`/api/topics/${discussion}/result`, { as: ada })).json()).toEqual({ message: NOT_AN_ELECTION });
    await expectAnswer(`/api/topics/${hidden}/result`, 404, 'Topic not found');
    expect(await read(`/api/topics/${plain}`)).toMatchObject({ method: null });
    const { topicId } = await rankedLaw(8);
    await expectAnswer(`/api/topics/${topicId}/candidates`, 400, NOT_AN_ELECTION);
    await expectAnswer(`/api/topics/${topicId}/result?asOf=yesterday`, 400, 'asOf must be an ISO time or a position.');
    await expectAnswer(`/api/topics/${topicId}/result?asOf=${encodeURIComponent(T(7))}`, 404, 'Topic not found');
    // A visitor reads it as the opinions are read.
    expect((await query.get(`/api/topics/${topicId}/result`)).statusCode).toBe(200);
  });

  it('documents every kind of result in OpenAPI', async () => {
    const documented = (await query.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { description: string; responses: Record<string, { content: { 'application/json': { schema: unknown } } }> } }>;
    };
    const route = documented.paths['/api/topics/{id}/result']!.get;
    const schema = JSON.stringify(route.responses['200']!.content['application/json'].schema);
    for (const field of [
      '"election"',
      '"opinions"',
      '"support"',
      'leaderCandidateId',
      'leaderOpinionId',
      'enactedOpinionId',
      'isNoChange',
      'quorum',
      'decidedBy',
    ])
      expect(schema).toContain(field);
    expect(route.description).toContain('no change');
    expect(route.description).toContain('quorum_not_reached');
  });
});
