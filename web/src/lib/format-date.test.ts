import { describe, expect, it } from 'vitest';
import { formatAxisTime, formatRelativeTime } from './format-date';

// Noon UTC: the same calendar day in any time zone the tests run in.
const NOW = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative times, topic style (docs/product.md, Constants)', () => {
  it.each([
    [0, 'Less than an hour ago'],
    [4 * MINUTE, 'Less than an hour ago'],
    [59 * MINUTE, 'Less than an hour ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR + 20 * MINUTE, '3 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
    [7 * DAY, 'Mar 03, 2025'],
    [40 * DAY, 'Jan 29, 2025'],
  ])('%i ms old reads "%s"', (age, expected) => {
    expect(formatRelativeTime(ago(age), 'topic', NOW)).toBe(expected);
  });

  it('counts a time from a clock slightly ahead as new', () => {
    expect(formatRelativeTime(ago(-2 * MINUTE), 'topic', NOW)).toBe('Less than an hour ago');
  });
});

describe('relative times, chat style (docs/product.md, Constants)', () => {
  it("says 'Just now' under a minute, and for a server clock slightly ahead", () => {
    expect(formatRelativeTime(ago(0), 'chat', NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(59 * SECOND), 'chat', NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(-5 * SECOND), 'chat', NOW)).toBe('Just now');
  });

  it("says 'N min ago' under an hour", () => {
    expect(formatRelativeTime(ago(MINUTE), 'chat', NOW)).toBe('1 min ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), 'chat', NOW)).toBe('59 min ago');
  });

  it("says 'N hr ago' under a day", () => {
    expect(formatRelativeTime(ago(HOUR), 'chat', NOW)).toBe('1 hr ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), 'chat', NOW)).toBe('23 hr ago');
  });

  it('gives the date from a day on', () => {
    expect(formatRelativeTime('2025-03-09T11:00:00.000Z', 'chat', NOW)).toBe('Mar 09, 2025');
    expect(formatRelativeTime('2024-12-25T12:00:00.000Z', 'chat', NOW)).toBe('Dec 25, 2024');
  });
});

describe('relative times, either style', () => {
  it.each(['topic', 'chat'] as const)('%s: gives nothing for a missing or malformed time', (style) => {
    expect(formatRelativeTime('yesterday', style, NOW)).toBeNull();
    expect(formatRelativeTime(null, style, NOW)).toBeNull();
    expect(formatRelativeTime('', style, NOW)).toBeNull();
  });
});

describe('time axis labels', () => {
  // Local time, so the label is the same in any time zone the tests run in.
  const tick = new Date(2025, 2, 10, 14, 5, 9);
  it('names seconds on a chart of a few minutes, times within a day and dates beyond', () => {
    expect(formatAxisTime(tick, 3 * MINUTE)).toBe('2:05:09 PM');
    expect(formatAxisTime(tick, 5 * HOUR)).toBe('2:05 PM');
    expect(formatAxisTime(tick, 7 * DAY)).toBe('Mar 10, 2025');
  });
});
