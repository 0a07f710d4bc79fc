import { describe, expect, it } from 'vitest';
import { digestWindowEnd } from './digest-window';

const at = (iso: string) => new Date(iso);

describe('the digests\u2019 windows', () => {
  it('ends a daily window at the digest hour, today once it has passed, else yesterday', () => {
    expect(digestWindowEnd('daily', at('2026-12-04T07:00:00Z'), 7)).toEqual(at('2026-12-04T07:00:00Z'));
    expect(digestWindowEnd('daily', at('2026-12-04T18:30:00Z'), 7)).toEqual(at('2026-12-04T07:00:00Z'));
    expect(digestWindowEnd('daily', at('2026-12-04T06:59:59Z'), 7)).toEqual(at('2026-12-03T07:00:00Z'));
    // Across a month and a year.
    expect(digestWindowEnd('daily', at('2027-01-01T03:00:00Z'), 7)).toEqual(at('2026-12-31T07:00:00Z'));
    expect(digestWindowEnd('daily', at('2026-12-04T00:10:00Z'), 0)).toEqual(at('2026-12-04T00:00:00Z'));
  });

  it('ends a weekly window on the latest Monday at the digest hour', () => {
    // 2026-12-07 is a Monday.
    expect(digestWindowEnd('weekly', at('2026-12-07T07:00:00Z'), 7)).toEqual(at('2026-12-07T07:00:00Z'));
    expect(digestWindowEnd('weekly', at('2026-12-13T23:00:00Z'), 7)).toEqual(at('2026-12-07T07:00:00Z'));
    expect(digestWindowEnd('weekly', at('2026-12-07T06:00:00Z'), 7)).toEqual(at('2026-11-30T07:00:00Z'));
    expect(digestWindowEnd('weekly', at('2026-12-08T01:00:00Z'), 7)).toEqual(at('2026-12-07T07:00:00Z'));
    for (const day of [7, 8, 9, 10, 11, 12, 13]) {
      const end = digestWindowEnd('weekly', at(`2026-12-${String(day).padStart(2, '0')}T12:00:00Z`), 7);
      expect(end.getUTCDay()).toBe(1);
    }
  });
});
