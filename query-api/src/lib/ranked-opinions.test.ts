import { pairwiseMatrix } from '@civitas/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { againstNoChange, type RankingGroup } from './ranked-opinions';

const NO_CHANGE = 'topic';
const OPINIONS = ['o1', 'o2', 'o3', 'o4'];

/** The same counts the long way: the no-change row and column of schulze.ts's matrix, direct (every ballot once) and weighted. */
function fromMatrix(groups: readonly RankingGroup[]) {
  const options = [NO_CHANGE, ...OPINIONS];
  const direct = pairwiseMatrix(
    options,
    groups.flatMap((group) => Array.from({ length: group.ballots }, () => ({ ranking: group.ranking, weight: 1 }))),
  ).pairwise;
  const weighted = pairwiseMatrix(options, groups).pairwise;
  return new Map(
    OPINIONS.map((id, index) => [
      id,
      {
        supportCount: direct[index + 1]![0]!,
        opposeCount: direct[0]![index + 1]!,
        weightedSupport: weighted[index + 1]![0]!,
        weightedOppose: weighted[0]![index + 1]!,
      },
    ]),
  );
}

describe('againstNoChange: each opinion against no change on ranked ballots', () => {
  it('counts a ballot naming no change against every opinion it leaves out, and one leaving it out for the named only', () => {
    const groups: RankingGroup[] = [
      // o1 above no change, which is above o2 and (unnamed) o3 and o4.
      { ranking: [['o1'], [NO_CHANGE], ['o2']], ballots: 2, weight: 5 },
      // No change not named: o2 above it, the rest tie with it.
      { ranking: [['o2']], ballots: 1, weight: 1 },
      // o3 tied with no change: neither; o1 below; o2 and o4 unnamed, below.
      { ranking: [[NO_CHANGE, 'o3'], ['o1']], ballots: 1, weight: 0 },
    ];
    expect(Object.fromEntries(againstNoChange(NO_CHANGE, OPINIONS, groups))).toEqual({
      o1: { supportCount: 2, opposeCount: 1, weightedSupport: 5, weightedOppose: 0 },
      o2: { supportCount: 1, opposeCount: 3, weightedSupport: 1, weightedOppose: 5 },
      o3: { supportCount: 0, opposeCount: 2, weightedSupport: 0, weightedOppose: 5 },
      o4: { supportCount: 0, opposeCount: 3, weightedSupport: 0, weightedOppose: 5 },
    });
  });

  it('keeps an option\u2019s first tier and ignores ids that are not options', () => {
    const groups: RankingGroup[] = [{ ranking: [['o2', 'elsewhere'], [NO_CHANGE], ['o2', NO_CHANGE]], ballots: 1, weight: 2 }];
    expect(againstNoChange(NO_CHANGE, OPINIONS, groups).get('o2')).toEqual({ supportCount: 1, opposeCount: 0, weightedSupport: 2, weightedOppose: 0 });
    expect(againstNoChange(NO_CHANGE, [], groups).size).toBe(0);
  });

  it('equals the no-change row and column of the pairwise matrix for random ballots', () => {
    const option = fc.constantFrom(NO_CHANGE, ...OPINIONS, 'elsewhere');
    const group = fc.record({
      ranking: fc.array(fc.array(option, { minLength: 1, maxLength: 3 }), { maxLength: 4 }),
      ballots: fc.integer({ min: 1, max: 4 }),
      weight: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 8 }), (groups) => {
        expect(againstNoChange(NO_CHANGE, OPINIONS, groups)).toEqual(fromMatrix(groups));
      }),
      { numRuns: 300 },
    );
  });
});
