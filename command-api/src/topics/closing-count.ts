import {
  foldTopic, groupStream, topicTally, userStream,
  type EventRegistry, type EventStore, type RecordedEvent, type TallyEvent, type TopicCreated,
} from '@civitas/events';
import type { TopicOutcome } from './topic.decider';

/** A topic's record, as far as its outcome goes: its opinions, candidates and every vote and ballot on them. */
const OUTCOME_EVENTS = ['OpinionPosted', 'VoteCast', 'VoteRetracted', 'CandidateRegistered', 'BallotCast', 'BallotWithdrawn'];
/** Member streams are read in slices this large, so a group of many delegators is never one huge query. */
const STREAM_SLICE = 2000;
/** Departments whose eligibility depends on a member's own stream (subscription, verification). */
const NEEDS_STANDING = new Set(['national', 'international', 'business']);

type Topic = Pick<TopicCreated['data'], 'topicId' | 'groupId' | 'type' | 'expiresAt'>;

/**
 * Counts a topic's outcome from the events alone, as they stood at its expiry (DECISIONS.md, topic
 * lifecycle; docs/decisions.md, 'Closing counts'). This reads the events; the counting is the
 * shared tally module (events/src/audit/topic-tally.ts), which cuts at expiresAt and applies the one
 * weighted rule, so anyone holding the events gets the same numbers.
 */
export async function countTopicOutcome(store: EventStore, registry: EventRegistry, topic: Topic): Promise<TopicOutcome> {
  const toTally = (recorded: RecordedEvent): TallyEvent => {
    const event = registry.decode(recorded);
    return { type: event.type, data: event.data, at: recorded.metadata.time ?? recorded.recordedAt.toISOString() };
  };
  const [record, delegationEvents, groupEvents] = await Promise.all([
    store.readTopicEvents(topic.topicId, OUTCOME_EVENTS),
    store.readDelegationEvents(topic.groupId),
    store.readStream(groupStream(topic.groupId)).then((read) => read.events),
  ]);
  // Each piece of state belongs to one stream, so folding stream by stream (each in order) gives the same end state as global order.
  const state = foldTopic(topic.topicId, [...groupEvents, ...delegationEvents].map(toTally), topic);
  const department = state.group.definition?.department;
  if (department && NEEDS_STANDING.has(department)) {
    const members = new Set<string>([...state.delegates.keys(), ...state.delegates.values()]);
    for (const recorded of record) {
      const data = recorded.data as { userId?: string };
      if (data.userId && recorded.type !== 'OpinionPosted' && recorded.type !== 'CandidateRegistered') members.add(data.userId);
    }
    const ids = [...members];
    for (let start = 0; start < ids.length; start += STREAM_SLICE) {
      const streams = await store.readStreams(ids.slice(start, start + STREAM_SLICE).map(userStream));
      for (const events of streams.values()) for (const recorded of events) topicTally.apply(state, toTally(recorded));
    }
  }
  for (const recorded of record) topicTally.apply(state, toTally(recorded));
  const counted = topicTally.tallies(state, { at: topic.expiresAt });
  return {
    tallies: topic.type === 'election' ? counted.candidates : counted.opinions,
    standings: counted.standings,
    election: counted.election,
  };
}
