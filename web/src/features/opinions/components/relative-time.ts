import { formatDistanceToNow, isValid, parseISO } from 'date-fns';

/** "about 2 hours ago"; null for a malformed timestamp, so the line can be left out. */
export function relativeTime(iso: string, now: Date = new Date()): string | null {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  // A server clock slightly ahead must not say "in a few seconds".
  return formatDistanceToNow(date > now ? now : date, { addSuffix: true });
}
