import { differenceInHours, differenceInMinutes, isValid, parseISO } from 'date-fns';
import { formatDisplayDate } from '../../../lib/format-date';

/**
 * Spec section 9, chat: under 1 minute 'Just now', under 60 minutes 'N min ago', under 24
 * hours 'N hr ago', else the date. A server clock slightly ahead counts as 'Just now'; a
 * malformed timestamp gives null, so the line is left out.
 */
export function formatChatTime(iso: string, now: Date = new Date()): string | null {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  const minutes = differenceInMinutes(now, date);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = differenceInHours(now, date);
  if (hours < 24) return `${hours} hr ago`;
  return formatDisplayDate(iso);
}
