import { describe, expect, it } from 'vitest';
import { decodeChangeNotice, encodeChangeNotice } from './read-models';

const POSITION = '0000000000000001-0000000000000002';

describe('change notices', () => {
  it('carry the changed ids and come back as they went', () => {
    const payload = encodeChangeNotice(POSITION, ['opinions'], {
      changes: new Map<string, Set<string | number>>([
        ['opinions', new Set(['a', 'b'])],
        ['groups', new Set([7])],
      ]),
    });
    expect(decodeChangeNotice(payload)).toEqual({ position: POSITION, projections: ['opinions'], changes: { opinions: ['a', 'b'], groups: [7] } });
    expect(decodeChangeNotice(encodeChangeNotice(POSITION, ['topics'], null, true))).toEqual({
      position: POSITION,
      projections: ['topics'],
      changes: {},
      swapped: true,
    });
  });

  it("name 'all' instead of ids that would not fit in a NOTIFY", () => {
    const ids = new Set(Array.from({ length: 1000 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`));
    const payload = encodeChangeNotice(POSITION, ['opinions'], { changes: new Map([['votes', ids]]) });
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(decodeChangeNotice(payload)?.changes).toEqual({ votes: 'all' });
  });

  it('decode to null when the payload is not a notice', () => {
    expect(decodeChangeNotice('not json')).toBeNull();
    expect(decodeChangeNotice(JSON.stringify({ position: POSITION }))).toBeNull();
    expect(decodeChangeNotice(JSON.stringify({ position: POSITION, projections: ['x'], changes: { x: 'some' } }))).toBeNull();
  });
});
