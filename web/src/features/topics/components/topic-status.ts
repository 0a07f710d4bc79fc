import type { TopicView } from '../../../lib/api/get-topic';
import { formatTopicExpiry, isTopicExpired } from './topic-time';

type TopicTiming = Pick<TopicView, 'status' | 'expiresAt'>;

/** Active and before its expiry (the server's scheduler closes it a little later). */
export function topicIsOpen(topic: TopicTiming, now: Date = new Date()): boolean {
  return !isTopicExpired(topic, now);
}

/** 'Closed' once the server closed it, 'Expired' past its date, else when it expires. */
export function expiryLabel(topic: TopicTiming, now: Date = new Date()): string {
  return topic.status === 'closed' ? 'Closed' : formatTopicExpiry(topic, now);
}

const TOPIC_CLOSED_NOTE = 'This topic is closed. New opinions and votes are no longer accepted.';
const NOT_ELIGIBLE_NOTE =
  'You can follow this discussion, but only members eligible to take part in this group can post opinions and vote.';

/** Why the member may not post or vote here, or null when they may. */
export function participationBlockedReason(
  topic: TopicTiming & Pick<TopicView, 'canParticipate'>,
  now: Date = new Date(),
): string | null {
  if (!topicIsOpen(topic, now)) return TOPIC_CLOSED_NOTE;
  if (!topic.canParticipate) return NOT_ELIGIBLE_NOTE;
  return null;
}
