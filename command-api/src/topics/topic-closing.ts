import { standingVotes, tallyOf, type EventRegistry, type EventStore, type OpinionPosted, type VoteEvent } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import type { OpinionStanding } from './topic.decider';
import type { TopicsService } from './topics-service';

/**
 * A vote accepted just before expiry may still be committing; a topic closes only once its expiry
 * is this far behind, so every vote the platform accepted is in its record when it is counted.
 */
export const CLOSE_GRACE_MS = 10_000;

/** A topic's record, as far as its outcome goes: its opinions and every vote on them. */
const OUTCOME_EVENTS = ['OpinionPosted', 'VoteCast', 'VoteRetracted'];

export interface TopicClosingDependencies {
  /** Only to find the topics that are due: a lagging read model delays a close, never changes it. */
  readModels: Kysely<ReadModels>;
  store: EventStore;
  registry: EventRegistry;
  topics: TopicsService;
  now: Date;
}

/**
 * Closes topics whose expiry has passed (DECISIONS.md, topic lifecycle). Votes stop at expiry, and
 * the standings are counted from the topic's own events with the one tally rule, so the winning
 * opinion is decided on every stored vote, however far the projections have got. Closing twice
 * does nothing (fixed command id, and the decider acts only on an active topic), so restarts and
 * several instances are safe.
 */
export async function closeExpiredTopics(deps: TopicClosingDependencies): Promise<number> {
  const due = await deps.readModels.selectFrom('topics').select('id')
    .where('status', '=', 'active').where('expires_at', '<=', new Date(deps.now.getTime() - CLOSE_GRACE_MS)).orderBy('expires_at').limit(500).execute();
  for (const { id } of due) await deps.topics.close(id, await opinionStandings(deps.store, deps.registry, id));
  return due.length;
}

/** Each opinion on the topic with its weighted tally, from the topic's events. */
async function opinionStandings(store: EventStore, registry: EventRegistry, topicId: string): Promise<OpinionStanding[]> {
  const record = (await store.readTopicEvents(topicId, OUTCOME_EVENTS)).map((recorded) => ({ recorded, event: registry.decode(recorded) }));
  const votes = standingVotes(record.flatMap(({ event }) => (event.type === 'OpinionPosted' ? [] : [event as VoteEvent])));
  return record.flatMap(({ recorded, event }) => {
    if (event.type !== 'OpinionPosted') return [];
    const { opinionId, userId } = (event as OpinionPosted).data;
    const { weightedSupport, weightedOppose } = tallyOf(votes.get(opinionId) ?? []);
    // Posted when its command was issued, as the opinions read model dates it: the earliest wins a tie.
    return [{ opinionId, proposerId: userId, weightedSupport, weightedOppose, postedAt: recorded.metadata.time ?? recorded.recordedAt.toISOString() }];
  });
}
