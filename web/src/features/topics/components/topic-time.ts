import { differenceInDays, differenceInHours, differenceInMinutes, format, isValid, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT, formatDisplayDate } from '../../../lib/format-date';
import type { TopicView } from '../../../lib/api/get-group-topics';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * A topic card's age (spec section 9): under an hour 'Less than an hour ago', under a day
 * in hours, under a week in days, else the date.
 */
export function formatTopicAge(createdAt: string, now: Date = new Date()): string {
  const created = parseISO(createdAt);
  if (!isValid(created)) return '';
  // A clock slightly behind the server's makes a fresh topic look future-dated: still "new".
  if (differenceInMinutes(now, created) < 60) return 'Less than an hour ago';
  const hours = differenceInHours(now, created);
  if (hours < 24) return plural(hours, 'hour');
  const days = differenceInDays(now, created);
  if (days < 7) return plural(days, 'day');
  return format(created, DISPLAY_DATE_FORMAT);
}

/** Closed by the server, or past its end while the scheduler has not closed it yet. */
export function isTopicExpired(topic: Pick<TopicView, 'status' | 'expiresAt'>, now: Date = new Date()): boolean {
  if (topic.status === 'closed') return true;
  const expiresAt = parseISO(topic.expiresAt);
  return isValid(expiresAt) && expiresAt.getTime() <= now.getTime();
}

/** 'Expired', or when the topic ends. */
export function formatTopicExpiry(topic: Pick<TopicView, 'status' | 'expiresAt'>, now: Date = new Date()): string {
  if (isTopicExpired(topic, now)) return 'Expired';
  const date = formatDisplayDate(topic.expiresAt);
  return date ? `Expires ${date}` : '';
}
