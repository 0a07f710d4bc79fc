import {
  NotFoundError, TOPIC_NOT_FOUND, TOPIC_RECORD_TYPES, ValidationError, foldAsOf, groupStream, parseAsOf, topicTally, userStream,
  type EventRegistry, type EventStore, type PositionedEvent, type RecordedEvent, type TopicTallies, type TopicTallyState,
} from '@civitas/events';

/** Departments whose eligibility depends on a member's own stream (subscription, verification). */
const NEEDS_STANDING = new Set(['national', 'international', 'business']);
const STREAM_SLICE = 2000;
export const INVALID_AS_OF = 'asOf must be an ISO time or a position.';

/**
 * The events that bear on one topic, in global order (docs: notes/tally.md, 'Reading a topic'):
 * its own record by the indexed `readTopicEvents` (topic, opinions, votes, candidacies, ballots),
 * its group's stream and delegation events (`readDelegationEvents`), and, where eligibility needs
 * them, the user streams of the members involved, read in slices. All are merged by position. A
 * full `readAll` with a type filter would scan every vote of every topic; these reads touch only
 * the topic's own rows, so 100k votes cost one indexed query.
 */
export async function readTopicLog(store: EventStore, registry: EventRegistry, topicId: string): Promise<PositionedEvent[]> {
  return (await readTopicRecords(store, topicId)).map((recorded) => {
    const event = registry.decode(recorded);
    return { type: event.type, data: event.data, at: eventTime(recorded), position: recorded.position };
  });
}

/** The command's time, else when the event was recorded (catalogue seeds carry no command). */
export const eventTime = (recorded: RecordedEvent) => recorded.metadata.time ?? recorded.recordedAt.toISOString();

/** The same events as the store keeps them (what their Merkle leaves commit to). */
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
    for (const event of [...record, ...delegations]) {
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

/** Time travel for the tally reads: the module's tallies as the topic stood `asOf`. */
export class TopicTimeTravel {
  constructor(private readonly store: EventStore, private readonly registry: EventRegistry) {}

  log(topicId: string): Promise<PositionedEvent[]> {
    return readTopicLog(this.store, this.registry, topicId);
  }

  /** The fold at `asOf` (a raw query value): 400 when it is neither a time nor a position, 404 before the topic existed. */
  async stateAt(topicId: string, asOf: string): Promise<{ state: TopicTallyState; tallies: TopicTallies }> {
    const moment = parseAsOf(asOf);
    if (!moment) throw new ValidationError(INVALID_AS_OF);
    const state = foldAsOf(topicId, await this.log(topicId), moment);
    if (!state || state.status === 'deleted') throw new NotFoundError(TOPIC_NOT_FOUND);
    return { state, tallies: topicTally.tallies(state) };
  }
}
