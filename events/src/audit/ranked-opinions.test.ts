import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ranking } from '../elections/schulze';
import type { TopicType } from '../topics/topic-rules';
import { rankOf, referencePairwise, referencePaths, referenceWinners } from '../testing/schulze-reference';
import {
  closed,
  delegated,
  groupCreated,
  joined,
  left,
  member,
  opinion,
  opinionPosted,
  OTHER_TOPIC,
  ranked,
  resolvedWeights,
  revoked,
  scenarioArbitrary,
  story,
  strict,
  tiered,
  TOPIC,
  topicCreated,
  type Step,
} from '../testing/tally-events';
import { foldTopic, tallies, winningOpinion, type TallyEvent, type TopicTallyState } from './topic-tally';

/**
 * The tally module on a law amendment or dispute resolution decided among its opinions (issue #34
 * item 2), folded over the events the command side writes. The options are no change (the topic's
 * own id) and the opinions in posting order; Schulze decides, a tie by strongest paths goes to no
 * change, and the winner is enacted only if it beats no change head to head. An opinion's tally (what
 * TopicClosed records, and LawEnacted's figures) is the ballots ranking it above no change (support)
 * and no change above it (oppose).
 */

const NO_CHANGE = TOPIC;
const [A, B, C] = [1, 2, 3].map(opinion) as [string, string, string];

/** A law amendment decided among opinions 1..n, with members 1..m joined. */
const opening = (opinions: number, members: number[], type: TopicType = 'law_amendment') => [
  groupCreated(),
  ...members.map((n) => joined(member(n))),
  topicCreated('schulze', { type }),
  ...Array.from({ length: opinions }, (_, i) => opinionPosted(i + 1)),
];

/** What each opinion records: [supportCount, opposeCount, weightedSupport, weightedOppose]. */
const figures = (state: TopicTallyState) => tallies(state).opinions.map((t) => [t.supportCount, t.opposeCount, t.weightedSupport, t.weightedOppose]);

/** `count` members casting one ranking: the first ranks, each of the others delegates to the one before (a chain back to them). */
function bloc(first: number, count: number, ranking: Ranking, minute: number): TallyEvent[] {
  const events = [ranked(member(first), ranking, minute)];
  for (let i = 1; i < count; i += 1) events.push(delegated(member(first + i), member(first + i - 1), minute));
  return events;
}

describe('a topic decided among its opinions in the tally module', () => {
  it('enacts the Condorcet winner over the opinion with the most first preferences (and the most ranked above no change)', () => {
    const events = [
      ...opening(3, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
      // 4: A > no change > B (C unnamed, last); 3: B > A > no change; 2: C > B > A > no change.
      ...bloc(1, 4, strict(A, NO_CHANGE, B), 10),
      ...bloc(5, 3, strict(B, A, NO_CHANGE), 11),
      ...bloc(8, 2, strict(C, B, A, NO_CHANGE), 12),
    ];
    const state = closed(foldTopic(TOPIC, events));
    const counted = tallies(state);
    expect(counted.method).toBe('schulze');
    expect(counted.schulze!.candidates).toEqual([NO_CHANGE, A, B, C]);
    // By hand: B beats no change 5-4, A 5-4 and C 7-2.
    expect(counted.schulze!.pairwise).toEqual([
      [0, 0, 4, 7],
      [9, 0, 4, 7],
      [5, 5, 0, 7],
      [2, 2, 2, 0],
    ]);
    expect(counted.schulze!.winners).toEqual([B]);
    expect(counted.result).toEqual({ kind: 'law_enacted', opinionId: B, winnerId: null, winnerCandidateId: null, weightedSupport: 5 });
    // TopicClosed's tallies: each opinion against no change; direct: one ballot each bloc.
    expect(figures(state)).toEqual([
      [3, 0, 9, 0],
      [2, 1, 5, 4],
      [1, 2, 2, 7],
    ]);
    // LawEnacted's figures: the winner's standing.
    expect(counted.standings.find((standing) => standing.opinionId === B)).toMatchObject({ proposerId: member(202), weightedSupport: 5, weightedOppose: 4 });
    // The spec's per-opinion rule over the same standings would enact A: the ranking, not those figures, decides.
    expect(winningOpinion(counted.standings)!.opinionId).toBe(A);
    expect(counted.candidates).toEqual([]);
    expect(counted.election).toBeNull();
    // Open: pending, with the same counts.
    expect(tallies(foldTopic(TOPIC, events)).result.kind).toBe('pending');
    expect(tallies(foldTopic(TOPIC, events)).schulze).toEqual(counted.schulze);
  });

  it('enacts nothing when no change wins', () => {
    const events = [...opening(2, [1, 2, 3, 4, 5]), ...bloc(1, 3, strict(NO_CHANGE, A, B), 10), ...bloc(4, 2, strict(A, B, NO_CHANGE), 11)];
    const state = closed(foldTopic(TOPIC, events));
    expect(tallies(state).schulze!.winners).toEqual([NO_CHANGE]);
    expect(figures(state)).toEqual([
      [1, 1, 2, 3],
      [1, 1, 2, 3],
    ]);
    expect(tallies(state).result).toEqual({ kind: 'none', opinionId: null, winnerId: null, winnerCandidateId: null, weightedSupport: null });
  });

  it('does not enact a Schulze winner that only ties no change head to head', () => {
    const events = [
      ...opening(2, [1, 2, 3]),
      ranked(member(1), strict(A, B, NO_CHANGE), 10),
      ranked(member(2), strict(NO_CHANGE, A, B), 11),
      ranked(member(3), [[B], [NO_CHANGE, A]], 12),
    ];
    const state = closed(foldTopic(TOPIC, events));
    const { schulze: count, result } = tallies(state);
    // B beats no change 2-1 and A beats B 2-1: A is the one unbeaten (A > B > no change), but A and no change tie 1-1.
    expect(count!.pairwise).toEqual([
      [0, 1, 1],
      [1, 0, 2],
      [2, 1, 0],
    ]);
    expect(count!.strongestPaths).toEqual([
      [0, 0, 0],
      [2, 0, 2],
      [2, 0, 0],
    ]);
    expect(count!.winners).toEqual([A]);
    expect(figures(state)[0]).toEqual([1, 1, 1, 1]);
    expect(result.kind).toBe('none');
  });

  it('gives a tie by strongest paths to no change: the first option', () => {
    // A and no change tie head to head.
    const two = closed(foldTopic(TOPIC, [...opening(1, [1, 2]), ranked(member(1), strict(A), 10), ranked(member(2), strict(NO_CHANGE, A), 11)]));
    expect(tallies(two).schulze!.winners).toEqual([NO_CHANGE, A]);
    expect(tallies(two).result.kind).toBe('none');
    // A cycle of equal strength: every option unbeaten, A the first opinion among them, and still nothing is enacted.
    const cycle = closed(
      foldTopic(TOPIC, [
        ...opening(2, [1, 2, 3]),
        ranked(member(1), strict(NO_CHANGE, A, B), 10),
        ranked(member(2), strict(A, B, NO_CHANGE), 11),
        ranked(member(3), strict(B, NO_CHANGE, A), 12),
      ]),
    );
    expect(tallies(cycle).schulze!.winners).toEqual([NO_CHANGE, A, B]);
    expect(tallies(cycle).result.kind).toBe('none');
    // Nobody ranked: no winner at all, nothing enacted.
    const nobody = closed(foldTopic(TOPIC, [...opening(2, [1]), ranked(member(1), strict(A), 10, OTHER_TOPIC)]));
    expect(tallies(nobody).schulze).toMatchObject({ winners: [], ballotWeight: 0 });
    expect(figures(nobody)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(tallies(nobody).result.kind).toBe('none');
  });

  it('puts every opinion a ballot names above no change when it does not name no change, and ties the unnamed with it', () => {
    const events = [...opening(3, [1, 2]), ranked(member(1), [[B], [A]], 10)];
    const state = closed(foldTopic(TOPIC, events));
    // B > A > (no change, C): A and B are above no change, C is tied with it.
    expect(tallies(state).schulze!.pairwise).toEqual([
      [0, 0, 0, 0],
      [1, 0, 0, 1],
      [1, 1, 0, 1],
      [0, 0, 0, 0],
    ]);
    expect(figures(state)).toEqual([
      [1, 0, 1, 0],
      [1, 0, 1, 0],
      [0, 0, 0, 0],
    ]);
    expect(tallies(state).result).toMatchObject({ kind: 'law_enacted', opinionId: B, weightedSupport: 1 });
    // A ballot naming no change alone puts it above every opinion: it opposes them all, and no change ties B.
    const against = closed(foldTopic(TOPIC, [...events, ranked(member(2), [[NO_CHANGE]], 11)]));
    expect(figures(against)).toEqual([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [0, 1, 0, 1],
    ]);
    expect(tallies(against).schulze!.winners).toEqual([NO_CHANGE, B]);
    expect(tallies(against).result.kind).toBe('none');
  });

  it('ranks an opinion posted after a ballot below what the ballot names, no change too, until the member ranks again', () => {
    const before = [
      groupCreated(),
      joined(member(1)),
      joined(member(2)),
      topicCreated('schulze', { type: 'law_amendment' }),
      opinionPosted(1, 3),
      // Member 1 names no change, member 2 does not.
      ranked(member(1), strict(A, NO_CHANGE), 10),
      ranked(member(2), strict(A), 11),
      opinionPosted(2, 12),
    ];
    const state = closed(foldTopic(TOPIC, before));
    expect(tallies(state).schulze!.candidates).toEqual([NO_CHANGE, A, B]);
    // B, unnamed on both: below no change on member 1's ballot (oppose 1), tied with it on member 2's.
    expect(figures(state)).toEqual([
      [2, 0, 2, 0],
      [0, 1, 0, 1],
    ]);
    expect(tallies(state).result).toMatchObject({ kind: 'law_enacted', opinionId: A, weightedSupport: 2 });
    // Member 1 ranks again: the new ranking replaces the old one whole.
    const again = closed(foldTopic(TOPIC, [...before, ranked(member(1), strict(B, NO_CHANGE), 13)]));
    expect(figures(again)).toEqual([
      [1, 1, 1, 1],
      [1, 0, 1, 0],
    ]);
    // A and B tie 1-1 and both are unbeaten; of the two the earlier posted, A, is the winner, and it only ties no change: nothing is
    // enacted, though B beats no change 1-0 (docs/audit-format.md, Deciding among opinions).
    expect(tallies(again).schulze!.winners).toEqual([A, B]);
    expect(tallies(again).result.kind).toBe('none');
    // An opinion posted after expiry is no option.
    const late = foldTopic(TOPIC, [...before, opinionPosted(3, 1001)]);
    expect(tallies(late).schulze!.candidates).toEqual([NO_CHANGE, A, B]);
  });

  it('weighs a ballot with its delegators along chains; a direct ballot overrides; an ineligible member lends nothing, nor a chain through one', () => {
    const events = [
      ...opening(2, [1, 2, 3, 4, 5]),
      ranked(member(1), strict(A, NO_CHANGE, B), 10),
      // 2 delegates to 1 but ranks for themself: their own ballot counts, whole.
      delegated(member(2), member(1), 11),
      ranked(member(2), strict(B, NO_CHANGE), 12),
      // 4 -> 3 -> 1: 3 has no ballot, so both reach 1's.
      delegated(member(3), member(1), 13),
      delegated(member(4), member(3), 14),
      // 9 is no member: delegates to 1 and lends nothing, and their own ballot weighs nothing.
      delegated(member(9), member(1), 15),
      ranked(member(9), strict(B, NO_CHANGE, A), 16),
      // 5 (a member) delegates to 9, who may not take part: the chain stops there.
      delegated(member(5), member(9), 17),
    ];
    const state = closed(foldTopic(TOPIC, events));
    // Weights: 1's ballot 3 (1, 3, 4), 2's 1, 9's 0.
    expect(tallies(state).schulze!.pairwise).toEqual([
      [0, 1, 3],
      [3, 0, 3],
      [1, 1, 0],
    ]);
    expect(tallies(state).schulze!.ballotWeight).toBe(4);
    // Direct: every ballot recorded, eligible or not (9's too), as a plurality BallotCast is.
    expect(figures(state)).toEqual([
      [1, 2, 3, 1],
      [2, 1, 1, 3],
    ]);
    expect(tallies(state).result).toMatchObject({ kind: 'law_enacted', opinionId: A, weightedSupport: 3 });
    // 3 leaves the group: their weight goes, and 4's chain stops at them.
    const after = closed(foldTopic(TOPIC, [...events, left(member(3), 18)]));
    expect(tallies(after).schulze!.ballotWeight).toBe(2);
    expect(figures(after)[0]).toEqual([1, 2, 1, 1]);
    expect(tallies(after).result.kind).toBe('none');
    // 3 and 4 revoke: both abstain, and 1's ballot weighs 1 again.
    const revokedState = foldTopic(TOPIC, [...events, revoked(member(3), member(1), 18), revoked(member(4), member(3), 19)]);
    expect(tallies(revokedState).schulze!.ballotWeight).toBe(2);
    // After expiry nothing moves: a delegation to 2 would tip it to B.
    const late = foldTopic(TOPIC, [...events, delegated(member(1), member(2), 1001), ranked(member(1), strict(B), 1002)]);
    expect(tallies(late).schulze!.pairwise).toEqual(tallies(state).schulze!.pairwise);
  });

  it('counts every opinion whatever `only` names: each is a cell of the one matrix', () => {
    const state = closed(foldTopic(TOPIC, [...opening(2, [1, 2]), ranked(member(1), strict(A, NO_CHANGE, B), 10), ranked(member(2), strict(B, A), 11)]));
    expect(tallies(state, { only: new Set([B]) })).toEqual(tallies(state));
  });

  it('decides among opinions only a law amendment or dispute resolution opened with schulze', () => {
    const ballots = [ranked(member(1), strict(A, NO_CHANGE), 10)];
    const dispute = closed(foldTopic(TOPIC, [...opening(1, [1], 'dispute_resolution'), ...ballots]));
    expect(tallies(dispute).result).toMatchObject({ kind: 'law_enacted', opinionId: A });
    // A discussion takes no method: a ranked ballot on it counts for nothing, the opinions are voted on.
    const discussion = closed(foldTopic(TOPIC, [...opening(1, [1], 'friends_discussion'), ...ballots]));
    expect(tallies(discussion)).toMatchObject({ method: null, schulze: null, result: { kind: 'none' } });
    expect(figures(discussion)).toEqual([[0, 0, 0, 0]]);
    // A law amendment without a method: support and oppose on each opinion.
    const plain = closed(
      foldTopic(TOPIC, [groupCreated(), joined(member(1)), topicCreated(undefined, { type: 'law_amendment' }), opinionPosted(1), ...ballots]),
    );
    expect(tallies(plain)).toMatchObject({ method: null, schulze: null, result: { kind: 'none' } });
  });
});

describe('a topic decided among its opinions against a reference from explicitly resolved weights and brute-force Schulze', () => {
  const MEMBERS = 8;
  const OPINIONS = 3;
  const ids = Array.from({ length: OPINIONS }, (_, i) => opinion(i + 1));
  /** A ballot step's indexes: 0 no change, 1.. the opinions. */
  const optionIds = [NO_CHANGE, ...ids];
  const scenario = fc.record({
    scene: scenarioArbitrary(MEMBERS, optionIds.length, { minInitial: 4 }),
    // Before which step each opinion is posted (past the last: after every step, before expiry); the first is there from the start.
    posted: fc.array(fc.integer({ min: 0, max: 45 }), { minLength: OPINIONS - 1, maxLength: OPINIONS - 1 }),
  });

  function opinionsStory({ initial, steps, late }: { initial: number[]; steps: Step[]; late: Step[] }, posted: number[]) {
    // Opinion 1 before the first step, the others before the steps drawn (in id order, so the options are [no change, ...ids]).
    const at = [0, ...[...posted].sort((a, b) => a - b)].map((step) => Math.min(step, steps.length));
    const shown = new Set<string>();
    const post = (index: number, minute: number) =>
      at.flatMap((step, i) => {
        if (step !== index) return [];
        shown.add(ids[i]!);
        return [opinionPosted(i + 1, minute)];
      });
    const played = story({
      opening: [groupCreated(), ...initial.map((n) => joined(member(n))), topicCreated('schulze', { type: 'law_amendment' })],
      initial,
      steps,
      late,
      before: post,
      // The platform takes only ids of opinions posted so far (and no change); nothing left to name, no ballot.
      cast: (userId, step, minute) => {
        const names = step.order.map((i) => optionIds[i]!).filter((id) => id === NO_CHANGE || shown.has(id));
        if (names.length === 0) return null;
        const ranking = tiered(names, step.cuts);
        return { event: ranked(userId, ranking, minute), ranking };
      },
    });
    // One more opinion after expiry: no option.
    return { ...played, events: [...played.events, opinionPosted(9, 1003)] };
  }

  it('the matrix, strongest paths, every opinion\u2019s figures and what is enacted equal the reference', () => {
    fc.assert(
      fc.property(scenario, ({ scene, posted }) => {
        const { events, delegates, members, ballots } = opinionsStory(scene, posted);
        const options = optionIds;
        const state = closed(foldTopic(TOPIC, events));
        const weights = resolvedWeights(delegates, members, ballots);
        const weighted = [...ballots].map(([voter, ranking]) => ({ ranking, weight: weights.get(voter)! }));
        const d = referencePairwise(options, weighted);
        const winners = referenceWinners(options, weighted);
        const counted = tallies(state);
        expect(counted.schulze).toEqual({
          candidates: options,
          pairwise: d,
          strongestPaths: referencePaths(d),
          winners,
          ballotWeight: weighted.reduce((sum, b) => sum + b.weight, 0),
        });
        // Each opinion against no change: direct over every recorded ballot, weighted by the resolved weights.
        const above = (id: string, over: string) => [...ballots.values()].filter((ranking) => rankOf(ranking, id) < rankOf(ranking, over)).length;
        expect(counted.opinions).toEqual(
          options.slice(1).map((id, i) => ({
            subjectId: id,
            supportCount: above(id, NO_CHANGE),
            opposeCount: above(NO_CHANGE, id),
            weightedSupport: d[i + 1]![0]!,
            weightedOppose: d[0]![i + 1]!,
          })),
        );
        // Enacted: the first unbeaten option, when it is an opinion that beats no change head to head.
        const w = winners[0] === undefined ? -1 : options.indexOf(winners[0]);
        const enacted = w > 0 && d[w]![0]! > d[0]![w]! ? options[w]! : null;
        expect(counted.result.opinionId).toBe(enacted);
        expect(counted.result.kind).toBe(enacted ? 'law_enacted' : 'none');
        if (enacted) expect(counted.result.weightedSupport).toBe(d[w]![0]);
        // Whatever the ties: an opinion beating every other option head to head is enacted; nothing is when no change beats every opinion.
        const beatsAll = (x: number) => options.every((_, y) => y === x || d[x]![y]! > d[y]![x]!);
        const condorcet = options.findIndex((_, x) => beatsAll(x));
        if (condorcet > 0) expect(counted.result.opinionId).toBe(options[condorcet]);
        if (condorcet === 0) expect(counted.result.kind).toBe('none');
      }),
      { numRuns: 300 },
    );
  });
});
