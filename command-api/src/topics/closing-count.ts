import { eventTime, readTopicRecords, topicTally, type EventRegistry, type EventStore, type TopicCreated } from '@civitas/events';
import type { TopicOutcome } from './topic.decider';

type Topic = Pick<TopicCreated['data'], 'topicId' | 'type' | 'expiresAt'>;

/**
 * Counts a topic's outcome from the events alone, as they stood at its expiry (docs/product.md, Topic
 * lifecycle; docs/decisions.md, Auditors: the tally module, history and time travel): the events are the ones time travel and the audit
 * export read (`readTopicRecords`), the counting is the shared tally module, which cuts at expiresAt
 * and applies the one weighted rule, so anyone holding the events gets the same numbers.
 */
export async function countTopicOutcome(store: EventStore, registry: EventRegistry, topic: Topic): Promise<TopicOutcome> {
  const state = topicTally.initial(topic.topicId);
  for (const recorded of await readTopicRecords(store, topic.topicId)) {
    const event = registry.decode(recorded);
    topicTally.apply(state, { type: event.type, data: event.data, at: eventTime(recorded) });
  }
  const counted = topicTally.tallies(state, { at: topic.expiresAt });
  return {
    tallies: topic.type === 'election' ? counted.candidates : counted.opinions,
    standings: counted.standings,
    election: counted.election,
  };
}
