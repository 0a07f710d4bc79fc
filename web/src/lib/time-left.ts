import { formatDuration, intervalToDuration, isValid, parseISO } from 'date-fns';
import { currentDateLocale, i18n } from '../i18n';

const DURATION_UNITS = ['years', 'months', 'days', 'hours', 'minutes'] as const;

/**
 * The time left before `expiresAt` in its two largest units ('3 days 4 hours', '5 minutes'), in the
 * interface language; 'less than a minute' in the last minute; null once it passed (or malformed).
 */
export function formatTimeLeft(expiresAt: string, now: Date = new Date()): string | null {
  const end = parseISO(expiresAt);
  if (!isValid(end) || end.getTime() <= now.getTime()) return null;
  const left = intervalToDuration({ start: now, end });
  const first = DURATION_UNITS.findIndex((unit) => (left[unit] ?? 0) > 0);
  if (first === -1) return i18n.t('topics:timing.lessThanAMinute');
  // The unit after the largest only when it says something ('3 days', not '3 days 0 hours').
  const shown = DURATION_UNITS.slice(first, first + 2).filter((unit) => (left[unit] ?? 0) > 0);
  return formatDuration(left, { format: shown, locale: currentDateLocale(), delimiter: i18n.t('topics:timing.unitDelimiter') });
}
