import type { EventStore, RecordedEvent } from '../event-store';
import { groupStream, userStream } from '../streams';
import { STANDING_INVOLVED_TYPES, TOPIC_RECORD_TYPES } from './topic-tally';

/** Departments whose eligibility depends on a member's own stream (subscription, verification). */
const NEEDS_STANDING = new Set(['national', 'international', 'business']);
/** Member streams are read in slices this large, so a group of many delegators is never one huge query. */
const STREAM_SLICE = 2000;

/** The command's time, else when the event was recorded (catalogue seeds carry no command). */
export const eventTime = (recorded: RecordedEvent): string => recorded.metadata.time ?? recorded.recordedAt.toISOString();

/**
 * The events that bear on one topic, as the store keeps them, in global order: its own record by the
 * indexed `readTopicEvents` (topic, opinions, votes, candidacies, ballots), its group's stream and
 * delegation events, and, where eligibility needs them, the user streams of the members whose
 * standing the count weighs (STANDING_INVOLVED_TYPES: voters and delegations, not authors; in a
 * business group every member too, whose subscriptions make its eligible weight),
 * read in slices. A full `readAll` with a type filter would scan every vote of every topic; these
 * reads touch only the topic's own rows. One reader for the closing count, time travel and exports,
 * so all three count the same events. Empty when no such topic was created.
 */
export async function readTopicRecords(store: EventStore, topicId: string): Promise<RecordedEvent[]> {
  const record = await store.readTopicEvents(topicId, TOPIC_RECORD_TYPES);
  const created = record.find((event) => event.type === 'TopicCreated');
  if (!created) return [];
  const groupId = (created.data as { groupId: number }).groupId;
  const [group, delegations] = await Promise.all([store.readStream(groupStream(groupId)).then((read) => read.events), store.readDelegationEvents(groupId)]);
  const lists: RecordedEvent[][] = [record, group, delegations];
  const department = (group.find((event) => event.type === 'GroupCreated')?.data as { department?: string } | undefined)?.department;
  if (department && NEEDS_STANDING.has(department)) {
    const members = new Set<string>();
    // A business group's eligible weight (issue #34 item 3) is its subscribed members: each one's standing counts, voter or not.
    if (department === 'business') for (const event of group) if (event.type === 'GroupMemberJoined') members.add((event.data as { userId: string }).userId);
    for (const event of [...record, ...delegations]) {
      if (!STANDING_INVOLVED_TYPES.has(event.type)) continue;
      const data = event.data as { userId?: string; delegatorId?: string; delegateId?: string };
      for (const id of [data.userId, data.delegatorId, data.delegateId]) if (id) members.add(id);
    }
    const ids = [...members];
    for (let start = 0; start < ids.length; start += STREAM_SLICE) {
      const streams = await store.readStreams(ids.slice(start, start + STREAM_SLICE).map(userStream));
      lists.push(...streams.values());
    }
  }
  const seen = new Set<string>();
  const merged = lists.flat().filter((event) => !seen.has(event.id) && seen.add(event.id));
  merged.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  return merged;
}
