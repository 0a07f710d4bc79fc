import {
  CountedEvents,
  countOpenGroupEligible,
  eventTime,
  hasMembers,
  readTopicRecords,
  storedEventLeafHash,
  topicTally,
  type Blind,
  type EventRegistry,
  type EventStore,
  type TopicCreated,
} from '@civitas/events';
import type { TopicOutcome } from './topic.decider';

type Topic = Pick<TopicCreated['data'], 'topicId' | 'type' | 'expiresAt'>;

/**
 * Counts a topic's outcome from the events alone, as they stood at its expiry (docs/product.md, Topic
 * lifecycle; docs/decisions.md, Auditors: the tally module, history and time travel): the events are the ones time travel and the audit
 * export read (`readTopicRecords`), the counting is the shared tally module, which cuts at expiresAt
 * and applies the one weighted rule, so anyone holding the events gets the same numbers. It also
 * records which events it took (`counted`: their number by type and their leaves' digest, `blind`
 * the leaves' blinder), so an export that leaves one out cannot pass for complete. An election is
 * counted by the method its TopicCreated names (the tally reads it); a Schulze count gives its matrix.
 * A law topic decided among its opinions (issue #34 item 2) gives its matrix over no change and the
 * opinions, and the opinion the tally module's closing rule enacts. A topic opened with a quorum
 * (issue #34 item 3) gets its figures and the rule that decided it; an open group's eligible weight
 * is counted from the store's eligibility events at expiry (eligible-weight.ts).
 */
export async function countTopicOutcome(store: EventStore, registry: EventRegistry, topic: Topic, blind: Blind): Promise<TopicOutcome> {
  const state = topicTally.initial(topic.topicId);
  const taken = new CountedEvents();
  for (const recorded of await readTopicRecords(store, topic.topicId)) {
    const event = registry.decode(recorded);
    const tallyEvent = { type: event.type, data: event.data, at: eventTime(recorded) };
    // The stored form is what the leaf and the export carry; the cut is the tally's, asked before the event is folded in.
    taken.offer(recorded, storedEventLeafHash(recorded, blind), topicTally.isPastTheCut(state, tallyEvent));
    topicTally.apply(state, tallyEvent);
  }
  // An open group's eligible weight is everyone its rule lets in, most of whom the topic never names: counted from the store.
  const definition = state.group.definition;
  const eligibleWeight =
    state.topic?.quorumPercent !== undefined && definition && !hasMembers(definition.department)
      ? await countOpenGroupEligible(store, registry, definition, topic.expiresAt)
      : undefined;
  // The result as the closing will record it: the tally module gives it for a closed topic (as the verifier's recount reads it).
  const counted = topicTally.tallies({ ...state, status: state.status === 'active' ? 'closed' : state.status }, { at: topic.expiresAt, eligibleWeight });
  return {
    tallies: topic.type === 'election' ? counted.candidates : counted.opinions,
    counted: taken.commitment(),
    standings: counted.standings,
    election: counted.election,
    pairwise: counted.schulze?.pairwise ?? null,
    enactedOpinionId: counted.result.kind === 'law_enacted' ? counted.result.opinionId : null,
    quorum: counted.quorum,
    decidedBy: counted.decidedBy,
  };
}
