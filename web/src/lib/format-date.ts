import { differenceInDays, differenceInHours, differenceInMinutes, format, isValid, parseISO } from 'date-fns';
import { currentDateLocale, currentLanguage, i18n, type Language } from '../i18n';

/** docs/product.md, Screens (profile): dates read "MMM dd, yyyy", e.g. "Apr 01, 2025". */
export const DISPLAY_DATE_FORMAT = 'MMM dd, yyyy';
/** docs/product.md, Screens (Admin panel): short month, day, year, hour, minute, e.g. "Mar 2, 2025, 1:05 PM". */
export const DATE_TIME_FORMAT = 'MMM d, yyyy, h:mm a';

/** The English patterns (docs/product.md, Screens); Arabic writes the day first and names the month in full ("1 مارس 2025"). */
const PATTERNS: Record<Language, Record<'date' | 'dateTime' | 'time' | 'timeWithSeconds', string>> = {
  en: { date: DISPLAY_DATE_FORMAT, dateTime: DATE_TIME_FORMAT, time: 'h:mm a', timeWithSeconds: 'h:mm:ss a' },
  ar: { date: 'd MMMM yyyy', dateTime: 'd MMMM yyyy، h:mm a', time: 'h:mm a', timeWithSeconds: 'h:mm:ss a' },
};

/** A date in the interface language (date-fns's locale of that language), with one of its patterns. */
function formatIn(date: Date, pattern: keyof (typeof PATTERNS)[Language]): string {
  return format(date, PATTERNS[currentLanguage()][pattern], { locale: currentDateLocale() });
}

/**
 * An ISO timestamp from the API as the member reads it, in their own time zone. A
 * missing or malformed value gives null, so a screen can leave the line out rather
 * than print "Invalid Date".
 */
export function formatDisplayDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? formatIn(date, 'date') : null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * A time axis's tick label, as fine as the axis's span needs: a chart of a few minutes names seconds,
 * one within a day names times, a longer one dates (the full date and time would repeat one label
 * on every tick of a young topic).
 */
export function formatAxisTime(date: Date, spanMs: number): string {
  if (spanMs < 10 * MINUTE_MS) return formatIn(date, 'timeWithSeconds');
  return formatIn(date, spanMs < DAY_MS ? 'time' : 'date');
}

/** An ISO timestamp as a date and time in the reader's time zone; null when missing or malformed. */
export function formatDisplayDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? formatIn(date, 'dateTime') : null;
}

/**
 * docs/product.md, Constants gives relative times two styles: 'topic' (topic cards, and every other age
 * beside them: topic header, opinions, activity) and 'chat' (chat messages). One page uses one
 * style, so 'Less than an hour ago' never sits beside '4 minutes ago'.
 */
export type RelativeTimeStyle = 'topic' | 'chat';

/**
 * 'topic': under an hour 'Less than an hour ago', under a day in hours, under a week in days,
 * else the date. 'chat': under a minute 'Just now', under an hour 'N min ago', under a day
 * 'N hr ago', else the date. A server clock slightly ahead reads as new; a missing or
 * malformed timestamp gives null, so the line can be left out.
 */
export function formatRelativeTime(iso: string | null | undefined, style: RelativeTimeStyle, now: Date = new Date()): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  const minutes = differenceInMinutes(now, date);
  const hours = differenceInHours(now, date);
  if (style === 'chat') {
    if (minutes < 1) return i18n.t('time.justNow');
    if (minutes < 60) return i18n.t('time.minAgo', { count: minutes });
    if (hours < 24) return i18n.t('time.hrAgo', { count: hours });
    return formatIn(date, 'date');
  }
  if (minutes < 60) return i18n.t('time.lessThanAnHourAgo');
  if (hours < 24) return i18n.t('time.hoursAgo', { count: hours });
  const days = differenceInDays(now, date);
  if (days < 7) return i18n.t('time.daysAgo', { count: days });
  return formatIn(date, 'date');
}
