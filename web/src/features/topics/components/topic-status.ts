import { i18n } from '../../../i18n';
import type { TopicView } from '../../../lib/api/get-topic';
import { formatTopicExpiry, isTopicExpired } from './topic-time';

type TopicTiming = Pick<TopicView, 'status' | 'expiresAt'>;

/** Active and before its expiry (the server's scheduler closes it a little later). */
export function topicIsOpen(topic: TopicTiming, now: Date = new Date()): boolean {
  return !isTopicExpired(topic, now);
}

/** 'Closed' once the server closed it, 'Expired' past its date, else when it expires. */
export function expiryLabel(topic: TopicTiming, now: Date = new Date()): string {
  return topic.status === 'closed' ? i18n.t('topics:timing.closed') : formatTopicExpiry(topic, now);
}

/** Why the member may not post or vote here (in the interface language), or null when they may. */
export function participationBlockedReason(topic: TopicTiming & Pick<TopicView, 'canParticipate'>, now: Date = new Date()): string | null {
  if (!topicIsOpen(topic, now)) return i18n.t('topics:status.closedNote');
  if (!topic.canParticipate) return i18n.t('topics:status.notEligibleNote');
  return null;
}
