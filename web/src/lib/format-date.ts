import { format, isValid, parseISO } from 'date-fns';

/** Spec section 2 (profile): dates read "MMM dd, yyyy", e.g. "Apr 01, 2025". */
export const DISPLAY_DATE_FORMAT = 'MMM dd, yyyy';

/**
 * An ISO timestamp from the API as the member reads it, in their own time zone. A
 * missing or malformed value gives null, so a screen can leave the line out rather
 * than print "Invalid Date".
 */
export function formatDisplayDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : null;
}

/** Spec section 2 (Admin panel): short month, day, year, hour, minute, e.g. "Mar 2, 2025, 1:05 PM". */
export const DATE_TIME_FORMAT = 'MMM d, yyyy, h:mm a';

/** An ISO timestamp as a date and time in the reader's time zone; null when missing or malformed. */
export function formatDisplayDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? format(date, DATE_TIME_FORMAT) : null;
}
