import { isValid, parseISO } from 'date-fns';
import { i18n } from '../../../i18n';
import { formatDisplayDate } from '../../../lib/format-date';
import type { TopicView } from '../../../lib/api/get-group-topics';

/** Closed by the server, or past its end while the scheduler has not closed it yet. */
export function isTopicExpired(topic: Pick<TopicView, 'status' | 'expiresAt'>, now: Date = new Date()): boolean {
  if (topic.status === 'closed') return true;
  const expiresAt = parseISO(topic.expiresAt);
  return isValid(expiresAt) && expiresAt.getTime() <= now.getTime();
}

/** 'Expired', or when the topic ends. */
export function formatTopicExpiry(topic: Pick<TopicView, 'status' | 'expiresAt'>, now: Date = new Date()): string {
  if (isTopicExpired(topic, now)) return i18n.t('topics:timing.expired');
  const date = formatDisplayDate(topic.expiresAt);
  return date ? i18n.t('topics:timing.expires', { date }) : '';
}
