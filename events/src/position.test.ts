import { describe, expect, it } from 'vitest';
import { START_POSITION, comparePositions, decodePosition, encodePosition, isPosition } from './position';

describe('positions', () => {
  it('order as plain strings exactly as their (major, minor) numbers do', () => {
    const pairs: Array<[bigint, bigint]> = [
      [0n, 0n],
      [1n, 9n],
      [1n, 10n],
      [2n, 1n],
      [15n, 3n],
      [16n, 0n],
      [2n ** 63n, 1n],
    ];
    const encoded = pairs.map(([major, minor]) => encodePosition(major, minor));
    expect([...encoded].sort()).toEqual(encoded);
    expect(encoded.map(decodePosition)).toEqual(pairs.map(([major, minor]) => ({ major, minor })));
    expect(comparePositions(encoded[1]!, encoded[2]!)).toBe(-1);
    expect(encoded[0]).toBe(START_POSITION);
  });

  it('recognises only well-formed tokens', () => {
    expect(isPosition(encodePosition(5n, 7n))).toBe(true);
    expect(isPosition('5:7')).toBe(false);
    expect(() => decodePosition('nope')).toThrow();
  });
});
