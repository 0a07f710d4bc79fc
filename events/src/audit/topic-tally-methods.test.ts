import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ElectionMethod } from '../elections/election-method';
import {
  approved,
  candidate,
  closed,
  delegated,
  event,
  EXPIRES,
  GROUP,
  groupCreated,
  joined,
  left,
  member,
  OTHER_TOPIC,
  ranked,
  registered,
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
import { rankOf } from '../testing/schulze-reference';
import { foldTopic, tallies, type TallyEvent, type TopicTallyState } from './topic-tally';

/**
 * The tally module on Schulze and approval elections (issue #34 items 4 and 5), folded over the
 * events the command side writes: delegation reaches the first member of a chain with a ballot and
 * counts with that whole ballot, a direct ballot overrides, only eligible members carry weight, a
 * later ballot replaces the earlier one whole, and nothing after expiry counts.
 */

/** The opening of an election with candidates 1..n and members 1..m joined. */
const opening = (method: ElectionMethod | undefined, candidates: number, members: number[]) => [
  groupCreated(),
  ...members.map((n) => joined(member(n))),
  topicCreated(method),
  ...Array.from({ length: candidates }, (_, i) => registered(i + 1)),
];

const weighted = (state: TopicTallyState) => tallies(state).candidates.map((tally) => tally.weightedSupport);
const direct = (state: TopicTallyState) => tallies(state).candidates.map((tally) => tally.supportCount);

const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(candidate) as [string, string, string, string, string];

describe('a Schulze election in the tally module', () => {
  it('counts the 45-voter example cast by 8 members and 37 delegators (chains included): the published matrix and winner E', () => {
    // Wikipedia, "Schulze method", Example: each order's voters are one member with a ballot and the rest delegating to them.
    const orders: Array<[number, string[]]> = [
      [5, [A, C, B, E, D]],
      [5, [A, D, E, C, B]],
      [8, [B, E, D, A, C]],
      [3, [C, A, B, E, D]],
      [7, [C, A, E, B, D]],
      [2, [C, B, A, D, E]],
      [7, [D, C, E, B, A]],
      [8, [E, B, A, D, C]],
    ];
    const events: TallyEvent[] = [
      ...opening(
        'schulze',
        5,
        Array.from({ length: 45 }, (_, i) => i + 1),
      ),
    ];
    let next = 1;
    for (const [count, order] of orders) {
      const voter = next;
      events.push(ranked(member(voter), strict(...order), 10 + voter));
      // Each delegates to the one before: a chain back to the voter.
      for (let i = 1; i < count; i += 1) events.push(delegated(member(voter + i), member(voter + i - 1), 10 + voter + i));
      next += count;
    }
    const state = foldTopic(TOPIC, events);
    const count = tallies(state).schulze!;
    expect(count.candidates).toEqual([A, B, C, D, E]);
    expect(count.pairwise).toEqual([
      [0, 20, 26, 30, 22],
      [25, 0, 16, 33, 18],
      [19, 29, 0, 17, 24],
      [15, 12, 28, 0, 14],
      [23, 27, 21, 31, 0],
    ]);
    expect(count.winners).toEqual([E]);
    expect(count.ballotWeight).toBe(45);
    // First preferences: A 10, B 8, C 12, D 7, E 8 (weighted); one direct ballot each order.
    expect(weighted(state)).toEqual([10, 8, 12, 7, 8]);
    expect(direct(state)).toEqual([2, 1, 3, 1, 1]);
    expect(tallies(state).method).toBe('schulze');
    expect(tallies(state).result.kind).toBe('pending');
    expect(tallies(closed(state)).result).toEqual({ kind: 'winner', opinionId: null, winnerId: member(105), winnerCandidateId: E, weightedSupport: 8 });
  });

  it('lets a direct ballot override the delegate\u2019s, and an ineligible member lend nothing, nor a chain pass through one', () => {
    const events = [
      ...opening('schulze', 2, [1, 2, 3]),
      ranked(member(1), strict(A, B), 10),
      // 2 delegates to 1 but ranks for themself: their own ballot counts.
      delegated(member(2), member(1), 11),
      ranked(member(2), strict(B, A), 12),
      // 3 delegates to 1: their weight joins 1's ballot.
      delegated(member(3), member(1), 13),
      // 9 is no member: delegates to 1 and lends nothing, and their own ballot weighs nothing.
      delegated(member(9), member(1), 14),
      ranked(member(9), strict(B, A), 15),
      // 4 (a member) delegates to 9, who may not take part: the chain stops there.
      joined(member(4), 16),
      delegated(member(4), member(9), 17),
    ];
    const state = foldTopic(TOPIC, events);
    const count = tallies(state).schulze!;
    expect(count.pairwise).toEqual([
      [0, 2],
      [1, 0],
    ]);
    expect(count.ballotWeight).toBe(3);
    expect(count.winners).toEqual([A]);
    expect(weighted(state)).toEqual([2, 1]);
    // Direct: every ballot recorded, eligible or not (as plurality counts BallotCast).
    expect(direct(state)).toEqual([1, 2]);
    // The delegator leaves the group: their weight goes with them.
    const after = foldTopic(TOPIC, [...events, left(member(3), 18)]);
    expect(tallies(after).schulze!.pairwise).toEqual([
      [0, 1],
      [1, 0],
    ]);
    // A revoked delegation: 3 abstains.
    expect(tallies(foldTopic(TOPIC, [...events, revoked(member(3), member(1), 18)])).schulze!.ballotWeight).toBe(2);
  });

  it('replaces a member\u2019s ranking whole: a candidate the new one leaves out is unranked', () => {
    const state = foldTopic(TOPIC, [...opening('schulze', 3, [1]), ranked(member(1), [[A], [B], [C]], 10), ranked(member(1), [[C, B]], 11)]);
    expect(tallies(state).schulze!.pairwise).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(tallies(state).schulze!.winners).toEqual([B, C]);
    expect(weighted(state)).toEqual([0, 1, 1]);
    // Of the two unbeaten, the earlier registration wins.
    expect(tallies(closed(state)).election).toEqual({ winnerId: member(102), winnerCandidateId: B });
  });

  it('cuts at expiry: a ballot or a delegation after it does not count, nor anything after the closing', () => {
    const before = [...opening('schulze', 2, [1, 2]), ranked(member(1), strict(A, B), 10)];
    const late = [
      event('RankedBallotCast', { topicId: TOPIC, groupId: GROUP, userId: member(2), ranking: [[B]] }, 1001),
      delegated(member(2), member(1), 1002),
      ranked(member(1), strict(B, A), 1003),
    ];
    const state = foldTopic(TOPIC, [...before, ...late]);
    expect(tallies(state).schulze!.pairwise).toEqual([
      [0, 1],
      [0, 0],
    ]);
    // A closing recorded at expiry: what follows it, even another ballot on a clock that ran behind, is not counted.
    const closedAtExpiry = foldTopic(TOPIC, [
      ...before,
      event('TopicClosed', { topicId: TOPIC, groupId: GROUP, type: 'election', closedAt: EXPIRES, tallies: [] }, 1000),
      ranked(member(2), strict(B, A), 999),
    ]);
    expect(closedAtExpiry.status).toBe('closed');
    expect(tallies(closedAtExpiry).schulze!.pairwise).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(tallies(closedAtExpiry).result).toMatchObject({ kind: 'winner', winnerCandidateId: A, weightedSupport: 1 });
  });

  it('gives no winner when nobody ranks, or every ballot weighs nothing, and counts nothing of another topic', () => {
    const nobody = foldTopic(TOPIC, [...opening('schulze', 2, [1]), ranked(member(1), strict(B), 10, OTHER_TOPIC)]);
    expect(tallies(nobody).schulze).toMatchObject({ winners: [], ballotWeight: 0 });
    expect(tallies(closed(nobody)).result).toEqual({ kind: 'none', opinionId: null, winnerId: null, winnerCandidateId: null, weightedSupport: null });
    // Only a non-member ranked.
    const weightless = foldTopic(TOPIC, [...opening('schulze', 2, [1]), ranked(member(7), strict(B), 10)]);
    expect(tallies(weightless).schulze!.winners).toEqual([]);
    expect(tallies(closed(weightless)).result.kind).toBe('none');
    // No candidate at all.
    const empty = foldTopic(TOPIC, [groupCreated(), joined(member(1)), topicCreated('schulze'), ranked(member(1), strict(A), 10)]);
    expect(tallies(closed(empty)).result.kind).toBe('none');
  });

  it('is unchanged by `only`: the named candidates\u2019 tallies, the matrix and the winner; the rest come back empty', () => {
    const events = [
      ...opening('schulze', 3, [1, 2, 3]),
      ranked(member(1), strict(C, A), 10),
      ranked(member(2), [[B, C]], 11),
      delegated(member(3), member(2), 12),
    ];
    const state = closed(foldTopic(TOPIC, events));
    const all = tallies(state);
    const some = tallies(state, { only: new Set([C]) });
    expect(some.schulze).toEqual(all.schulze);
    expect(some.election).toEqual(all.election);
    expect(some.result).toEqual(all.result);
    expect(some.candidates[2]).toEqual(all.candidates[2]);
    expect(some.candidates.slice(0, 2).map((tally) => [tally.supportCount, tally.weightedSupport])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(all.candidates.map((tally) => tally.weightedSupport)).toEqual([0, 2, 3]);
  });
});

describe('an approval election in the tally module', () => {
  it('counts approvals directly and through delegation; the most weighted approvals win, a tie to the earliest registration', () => {
    const events = [
      ...opening('approval', 3, [1, 2, 3, 4]),
      approved(member(1), [A, B], 10),
      approved(member(2), [C], 11),
      delegated(member(3), member(2), 12),
      // 4 delegates to 1, and 1's approvals carry 4's weight too.
      delegated(member(4), member(1), 13),
    ];
    const state = foldTopic(TOPIC, events);
    expect(tallies(state).method).toBe('approval');
    expect(tallies(state).schulze).toBeNull();
    expect(direct(state)).toEqual([1, 1, 1]);
    expect(weighted(state)).toEqual([2, 2, 2]);
    // Three-way tie on weight: the first registered.
    expect(tallies(closed(state)).result).toEqual({ kind: 'winner', opinionId: null, winnerId: member(101), winnerCandidateId: A, weightedSupport: 2 });
    // 2 replaces their approvals whole, and 4 overrides their delegate with a ballot of their own.
    const changed = foldTopic(TOPIC, [...events, approved(member(2), [B, C], 14), approved(member(4), [C], 15)]);
    expect(direct(changed)).toEqual([1, 2, 2]);
    expect(weighted(changed)).toEqual([1, 3, 3]);
    expect(tallies(closed(changed)).result).toMatchObject({ kind: 'winner', winnerCandidateId: B, weightedSupport: 3 });
    // `only` leaves the named candidate's counts as they are.
    expect(tallies(changed, { only: new Set([B]) }).candidates[1]).toEqual(tallies(changed).candidates[1]);
    // After expiry nothing moves.
    const late = foldTopic(TOPIC, [...events, approved(member(1), [C], 1001)]);
    expect(weighted(late)).toEqual([2, 2, 2]);
  });

  it('gives no winner without a weighted approval', () => {
    const state = foldTopic(TOPIC, [...opening('approval', 2, [1]), approved(member(8), [A], 10)]);
    expect(direct(state)).toEqual([1, 0]);
    expect(weighted(state)).toEqual([0, 0]);
    expect(tallies(closed(state)).result.kind).toBe('none');
  });
});

describe('weights through delegation chains equal a recount from the final ballots', () => {
  const MEMBERS = 8;
  const CANDIDATES = 4;
  const ids = Array.from({ length: CANDIDATES }, (_, i) => candidate(i + 1));
  const scenario = scenarioArbitrary(MEMBERS, CANDIDATES);

  /** The election's story: each ballot step ranks (or approves) the candidates it names. */
  const electionStory = (method: 'schulze' | 'approval', { initial, steps, late }: { initial: number[]; steps: Step[]; late: Step[] }) =>
    story({
      opening: opening(method, CANDIDATES, initial),
      initial,
      steps,
      late,
      cast: (userId, step, minute) => {
        const names = step.order.map((i) => ids[i]!);
        if (method === 'approval') return { event: approved(userId, names, minute), ranking: [names] };
        const ranking = tiered(names, step.cuts);
        return { event: ranked(userId, ranking, minute), ranking };
      },
    });

  it('Schulze: the module\u2019s matrix and first preferences equal those computed from explicitly resolved weights', () => {
    fc.assert(
      fc.property(scenario, (scene) => {
        const { events, delegates, members, ballots } = electionStory('schulze', scene);
        const state = foldTopic(TOPIC, events);
        const weights = resolvedWeights(delegates, members, ballots);
        const expected = ids.map((v) =>
          ids.map((w) => [...ballots].reduce((sum, [voter, ranking]) => sum + (rankOf(ranking, v) < rankOf(ranking, w) ? weights.get(voter)! : 0), 0)),
        );
        const counted = tallies(state);
        expect(counted.schulze!.pairwise).toEqual(expected);
        expect(counted.schulze!.ballotWeight).toBe([...weights.values()].reduce((a, b) => a + b, 0));
        const first = (id: string) => [...ballots].filter(([, ranking]) => ranking[0]!.includes(id));
        expect(counted.candidates.map((tally) => tally.supportCount)).toEqual(ids.map((id) => first(id).length));
        expect(counted.candidates.map((tally) => tally.weightedSupport)).toEqual(
          ids.map((id) => first(id).reduce((sum, [voter]) => sum + weights.get(voter)!, 0)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('approval: each candidate\u2019s counts and the winner equal those from explicitly resolved weights', () => {
    fc.assert(
      fc.property(scenario, (scene) => {
        const { events, delegates, members, ballots } = electionStory('approval', scene);
        const state = foldTopic(TOPIC, events);
        const weights = resolvedWeights(delegates, members, ballots);
        const approving = (id: string) => [...ballots].filter(([, ranking]) => ranking[0]!.includes(id));
        const expected = ids.map((id) => approving(id).reduce((sum, [voter]) => sum + weights.get(voter)!, 0));
        const counted = tallies(closed(state));
        expect(counted.candidates.map((tally) => tally.weightedSupport)).toEqual(expected);
        expect(counted.candidates.map((tally) => tally.supportCount)).toEqual(ids.map((id) => approving(id).length));
        const best = Math.max(...expected);
        expect(counted.result.winnerCandidateId).toBe(best > 0 ? ids[expected.indexOf(best)]! : null);
      }),
      { numRuns: 300 },
    );
  });
});
