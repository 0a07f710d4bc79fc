import {
  NotFoundError,
  TOPIC_NOT_FOUND,
  ValidationError,
  eventTime,
  foldAsOf,
  parseAsOf,
  readTopicRecords,
  topicTally,
  type EventRegistry,
  type EventStore,
  type PositionedEvent,
  type TopicTallies,
  type TopicTallyState,
} from '@civitas/events';

export const INVALID_AS_OF = 'asOf must be an ISO time or a position.';

/** The events that bear on one topic (`readTopicRecords`), decoded for the tally module. */
export async function readTopicLog(store: EventStore, registry: EventRegistry, topicId: string): Promise<PositionedEvent[]> {
  return (await readTopicRecords(store, topicId)).map((recorded) => {
    const event = registry.decode(recorded);
    return { type: event.type, data: event.data, at: eventTime(recorded), position: recorded.position };
  });
}

/** Time travel for the tally reads: the module's tallies as the topic stood `asOf`. */
export class TopicTimeTravel {
  constructor(
    private readonly store: EventStore,
    private readonly registry: EventRegistry,
  ) {}

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
