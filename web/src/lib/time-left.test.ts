import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../i18n';
import { formatTimeLeft } from './time-left';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const after = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('the time left before a topic closes', () => {
  afterEach(() => chooseLanguage('en'));

  it.each([
    [3 * DAY + 4 * HOUR + 59 * MINUTE, '3 days 4 hours'],
    [3 * DAY + 30 * MINUTE, '3 days'],
    [DAY + HOUR, '1 day 1 hour'],
    [5 * HOUR + 7 * MINUTE, '5 hours 7 minutes'],
    [11 * MINUTE + 59_000, '11 minutes'],
    [59_000, 'less than a minute'],
    [45 * DAY, '1 month 14 days'],
  ])('%i ms before the close reads "%s" (its two largest units)', (left, expected) => {
    expect(formatTimeLeft(after(left), NOW)).toBe(expected);
  });

  it('is nothing once the time is up, or for a malformed date', () => {
    expect(formatTimeLeft(after(0), NOW)).toBeNull();
    expect(formatTimeLeft(after(-MINUTE), NOW)).toBeNull();
    expect(formatTimeLeft('not a date', NOW)).toBeNull();
  });

  it('reads in Arabic, its units joined by "و"', async () => {
    await chooseLanguage('ar');
    expect(formatTimeLeft(after(3 * DAY + 4 * HOUR), NOW)).toBe('3 أيام و4 ساعات');
    expect(formatTimeLeft(after(2 * HOUR), NOW)).toBe('ساعتان');
    expect(formatTimeLeft(after(30_000), NOW)).toBe('أقل من دقيقة');
  });
});
