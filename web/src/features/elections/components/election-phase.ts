import type { TopicView } from '../../../lib/api/get-topic';

/**
 * Where an election stands: open for ballots; counting (its time is up, the server has not closed it
 * yet: the scheduler closes a topic a grace period after its expiry and counts it then); decided (closed,
 * with its winner, or winnerId null when no ballot carried weight).
 */
export type ElectionPhase = 'open' | 'counting' | 'decided';

export function electionPhase(topic: Pick<TopicView, 'status' | 'expiresAt'>, now: Date = new Date()): ElectionPhase {
  if (topic.status === 'closed') return 'decided';
  const end = Date.parse(topic.expiresAt);
  return Number.isFinite(end) && end <= now.getTime() ? 'counting' : 'open';
}
