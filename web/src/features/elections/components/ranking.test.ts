import { describe, expect, it } from 'vitest';
import { addToRanking, canMoveDown, canMoveUp, keepOnly, moveDown, moveUp, removeFromRanking, sameRanking, tieWithAbove, untie } from './ranking';

describe('a ranking of tiers', () => {
  it('adds a candidate as a rank of its own at the bottom, once', () => {
    expect(addToRanking([['a']], 'b')).toEqual([['a'], ['b']]);
    expect(addToRanking([['a'], ['b']], 'a')).toEqual([['a'], ['b']]);
  });

  it('moves a candidate alone past the tier above or below it', () => {
    expect(moveUp([['a', 'b'], ['c']], 'c')).toEqual([['c'], ['a', 'b']]);
    expect(moveDown([['a'], ['b', 'c'], ['d']], 'a')).toEqual([['b', 'c'], ['a'], ['d']]);
    expect(moveUp([['a'], ['b'], ['c']], 'b')).toEqual([['b'], ['a'], ['c']]);
  });

  it('takes a tied candidate out of its tie, just above or just below it', () => {
    expect(moveUp([['a'], ['b', 'c']], 'c')).toEqual([['a'], ['c'], ['b']]);
    expect(moveDown([['a', 'b'], ['c']], 'a')).toEqual([['b'], ['a'], ['c']]);
    expect(moveUp([['a', 'b']], 'b')).toEqual([['b'], ['a']]);
    expect(moveDown([['a', 'b']], 'a')).toEqual([['b'], ['a']]);
  });

  it('cannot move the top one alone up, nor the bottom one alone down', () => {
    expect(canMoveUp([['a'], ['b']], 'a')).toBe(false);
    expect(canMoveDown([['a'], ['b']], 'b')).toBe(false);
    expect(canMoveUp([['a', 'b']], 'a')).toBe(true);
    expect(canMoveDown([['a', 'b']], 'b')).toBe(true);
    expect(moveUp([['a'], ['b']], 'a')).toEqual([['a'], ['b']]);
    expect(canMoveUp([['a']], 'x')).toBe(false);
  });

  it('ties the first of a tier with the one above (its tier joins that one), and unties it again', () => {
    const tied = tieWithAbove([['a'], ['b', 'c'], ['d']], 'b');
    expect(tied).toEqual([['a', 'b', 'c'], ['d']]);
    expect(untie(tied, 'b')).toEqual([['a'], ['b', 'c'], ['d']]);
    // Not the first of its tier, or at the top: nothing to tie with.
    expect(tieWithAbove([['a', 'b']], 'b')).toEqual([['a', 'b']]);
    expect(tieWithAbove([['a'], ['b']], 'a')).toEqual([['a'], ['b']]);
    expect(untie([['a'], ['b']], 'b')).toEqual([['a'], ['b']]);
  });

  it('removes a candidate, leaving no empty rank', () => {
    expect(removeFromRanking([['a'], ['b'], ['c']], 'b')).toEqual([['a'], ['c']]);
    expect(removeFromRanking([['a', 'b']], 'a')).toEqual([['b']]);
  });

  it('keeps only the candidates still standing, and compares rankings tier by tier', () => {
    expect(keepOnly([['a', 'x'], ['y'], ['b']], new Set(['a', 'b']))).toEqual([['a'], ['b']]);
    expect(sameRanking([['a', 'b'], ['c']], [['b', 'a'], ['c']])).toBe(true);
    expect(sameRanking([['a'], ['b']], [['a', 'b']])).toBe(false);
  });
});
