import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referencePairwise, referencePaths } from '../testing/schulze-reference';
import { pairwiseMatrix, schulze, strongestPaths, type Ranking, type WeightedRanking } from './schulze';

/**
 * The Schulze module against the method's worked examples (issue #34, Must show) and against a
 * brute-force reference written from the definition (M. Schulze, Social Choice and Welfare 36, 2011,
 * section 2.1): d[V,W] is the weight strictly preferring V to W; a path is a chain of links
 * d[x,y] > d[y,x] and its strength its weakest link; p[X,Y] the strongest path (0: none); X wins
 * when p[X,Y] >= p[Y,X] for every Y.
 */

/** Ballots written as in the literature: "ACBED" is A > C > B > E > D, every candidate a tier of its own. */
const strict = (order: string): Ranking => [...order].map((candidate) => [candidate]);
const times = (weight: number, order: string): WeightedRanking => ({ ranking: strict(order), weight });

describe('the Schulze method on its worked examples', () => {
  it('the 45-voter example: the published pairwise matrix, strongest paths and winner E, cell by cell', () => {
    // Wikipedia, "Schulze method", section Example (also M. Schulze's own examples page, Example 1).
    const count = schulze(
      ['A', 'B', 'C', 'D', 'E'],
      [times(5, 'ACBED'), times(5, 'ADECB'), times(8, 'BEDAC'), times(3, 'CABED'), times(7, 'CAEBD'), times(2, 'CBADE'), times(7, 'DCEBA'), times(8, 'EBADC')],
    );
    expect(count.pairwise).toEqual([
      [0, 20, 26, 30, 22],
      [25, 0, 16, 33, 18],
      [19, 29, 0, 17, 24],
      [15, 12, 28, 0, 14],
      [23, 27, 21, 31, 0],
    ]);
    expect(count.strongestPaths).toEqual([
      [0, 28, 28, 30, 24],
      [25, 0, 28, 33, 24],
      [25, 29, 0, 29, 24],
      [25, 28, 28, 0, 24],
      [25, 28, 28, 31, 0],
    ]);
    expect(count.winners).toEqual(['E']);
    expect(count.ballotWeight).toBe(45);
    expect(count.candidates).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('the 30-voter example of Schulze (2011), section 3: winner D', () => {
    // 8 ACDB, 2 BADC, 4 CDBA, 4 DBAC, 3 DCBA; the paper's winner is D. Worked by hand here too, so the
    // test does not rest on the citation: links B>A 13, A>C 14, D>A 11, C>B 15, D>B 19,
    // C>D 12; p[D,A] = 13 (D-B-A) > p[A,D] = 12 (A-C-D), p[D,B] = 19 > 12, p[D,C] = 13 (D-B-A-C) > 12.
    const count = schulze(['A', 'B', 'C', 'D'], [times(8, 'ACDB'), times(2, 'BADC'), times(4, 'CDBA'), times(4, 'DBAC'), times(3, 'DCBA')]);
    expect(count.pairwise).toEqual([
      [0, 8, 14, 10],
      [13, 0, 6, 2],
      [7, 15, 0, 12],
      [11, 19, 9, 0],
    ]);
    expect(count.strongestPaths).toEqual([
      [0, 14, 14, 12],
      [13, 0, 13, 12],
      [13, 15, 0, 12],
      [13, 19, 13, 0],
    ]);
    expect(count.winners).toEqual(['D']);
  });

  it('the 9-voter example of Schulze (2011), section 3, with two winners: B and D', () => {
    // 3 ABDC, 2 DABC, 2 DBCA, 2 CBDA; the paper's potential winners are B and D. By hand: links A>B 5, A>C 5, D>A 6, B>C 7, B>D 5, D>C 7;
    // p[B,D] = p[D,B] = 5 (B-D; D-A-B), p[A,B] = p[B,A] = 5, but p[D,A] = 6 > p[A,D] = 5: A is beaten.
    const count = schulze(['A', 'B', 'C', 'D'], [times(3, 'ABDC'), times(2, 'DABC'), times(2, 'DBCA'), times(2, 'CBDA')]);
    expect(count.pairwise).toEqual([
      [0, 5, 5, 3],
      [4, 0, 7, 5],
      [4, 2, 0, 2],
      [6, 4, 7, 0],
    ]);
    expect(count.strongestPaths).toEqual([
      [0, 5, 5, 5],
      [5, 0, 7, 5],
      [0, 0, 0, 0],
      [6, 5, 7, 0],
    ]);
    expect(count.winners).toEqual(['B', 'D']);
  });

  it('counts tied tiers and unranked candidates as the definition says: indifference counts for neither side, the unnamed rank last', () => {
    // By hand: 4 × [A B] > C, 3 × C > A (B unnamed), 2 × B > [C A].
    // d[A,B] = 3 (only the second group tells them apart), d[B,A] = 2; d[A,C] = 4, d[C,A] = 3;
    // d[B,C] = 4 + 2 = 6, d[C,B] = 3. A beats both: the Condorcet winner.
    const count = schulze(
      ['A', 'B', 'C'],
      [
        { ranking: [['A', 'B'], ['C']], weight: 4 },
        { ranking: [['C'], ['A']], weight: 3 },
        { ranking: [['B'], ['C', 'A']], weight: 2 },
      ],
    );
    expect(count.pairwise).toEqual([
      [0, 3, 4],
      [2, 0, 6],
      [3, 3, 0],
    ]);
    expect(count.winners).toEqual(['A']);
  });

  it('gives several winners, in the order given, when the ballots cannot tell them apart', () => {
    // Everyone ties A and B at the top: neither beats the other; both beat C.
    const count = schulze(['C', 'A', 'B'], [{ ranking: [['A', 'B']], weight: 2 }]);
    expect(count.pairwise).toEqual([
      [0, 0, 0],
      [2, 0, 0],
      [2, 0, 0],
    ]);
    expect(count.winners).toEqual(['A', 'B']);
    // A perfect cycle of equal strength: everyone is unbeaten.
    expect(schulze(['A', 'B', 'C'], [times(1, 'ABC'), times(1, 'BCA'), times(1, 'CAB')]).winners).toEqual(['A', 'B', 'C']);
  });

  it('has no winner when nobody ranks, or no ballot carries weight', () => {
    const empty = schulze(['A', 'B'], []);
    expect(empty).toEqual({
      candidates: ['A', 'B'],
      pairwise: [
        [0, 0],
        [0, 0],
      ],
      strongestPaths: [
        [0, 0],
        [0, 0],
      ],
      winners: [],
      ballotWeight: 0,
    });
    expect(schulze(['A', 'B'], [times(0, 'AB'), times(0, 'BA')]).winners).toEqual([]);
    expect(schulze([], [times(3, 'AB')]).winners).toEqual([]);
  });

  it('ignores ids that are not candidates, and keeps a candidate named twice at its first tier', () => {
    const count = schulze(['A', 'B'], [{ ranking: [['X'], ['B'], ['A', 'B']], weight: 1 }]);
    expect(count.pairwise).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(count.winners).toEqual(['B']);
  });
});

// The reference (testing/schulze-reference.ts): nothing shared with the module but the types.

const CANDIDATES = ['A', 'B', 'C', 'D', 'E'];

/** A ballot: some candidates (or an id that is not one), shuffled, cut into tiers; the rest unnamed. */
const ballot: fc.Arbitrary<WeightedRanking> = fc
  .record({
    named: fc.shuffledSubarray([...CANDIDATES, 'X'], { minLength: 1 }),
    cuts: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    weight: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 50 }) }, { weight: 1, arbitrary: fc.constant(0) }),
  })
  .map(({ named, cuts, weight }) => {
    const ranking: string[][] = [[named[0]!]];
    for (let i = 1; i < named.length; i += 1) {
      if (cuts[i]) ranking.push([named[i]!]);
      else ranking.at(-1)!.push(named[i]!);
    }
    return { ranking, weight };
  });

describe('the Schulze module against a brute-force reference', () => {
  it('random weighted ballots with ties and unranked candidates: the same matrices and winners', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(ballot, { maxLength: 25 }), (size, ballots) => {
        const candidates = CANDIDATES.slice(0, size);
        const d = referencePairwise(candidates, ballots);
        const p = referencePaths(d);
        const total = ballots.reduce((sum, b) => sum + b.weight, 0);
        const winners = total > 0 ? candidates.filter((_, x) => candidates.every((__, y) => p[x]![y]! >= p[y]![x]!)) : [];

        const count = schulze(candidates, ballots);
        expect(count.pairwise).toEqual(d);
        expect(count.strongestPaths).toEqual(p);
        expect(count.winners).toEqual(winners);
        expect(count.ballotWeight).toBe(total);
        // The parts agree with the whole.
        expect(pairwiseMatrix(candidates, ballots).pairwise).toEqual(d);
        expect(strongestPaths(d)).toEqual(p);
        // Some candidate is always unbeaten: "beats" by strongest paths is transitive (proved in Schulze 2011).
        if (total > 0) expect(count.winners.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('the strongest paths of random matrices (ties between links included) equal the enumeration', () => {
    const matrix = fc
      .integer({ min: 2, max: 5 })
      .chain((n) =>
        fc
          .array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }), { minLength: n, maxLength: n })
          .map((rows) => rows.map((row, i) => row.map((value, j) => (i === j ? 0 : value)))),
      );
    fc.assert(
      fc.property(matrix, (d) => {
        expect(strongestPaths(d)).toEqual(referencePaths(d));
      }),
      { numRuns: 400 },
    );
  });
});
