import { isPosition, type Position } from '../position';
import { topicTally, type TallyEvent, type TopicTallyState } from './topic-tally';

/**
 * Time travel (issue #15 item 3): a tally read `asOf` a moment is the tally module folded over the
 * topic's events up to that moment, never the current read model.
 */

export interface PositionedEvent extends TallyEvent {
  position: Position;
}

/** A moment: a position of the log, or an ISO time (compared with each event's command time). */
export type AsOf = { position: Position } | { time: string };

/** Parses an `asOf` parameter: a position string or an ISO time; null when it is neither. */
export function parseAsOf(value: string): AsOf | null {
  if (isPosition(value)) return { position: value };
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) return null;
  return { time: new Date(time).toISOString() };
}

export const isBefore = (event: PositionedEvent, asOf: AsOf) => ('position' in asOf ? event.position <= asOf.position : event.at <= asOf.time);

/** The topic's fold as it stood at `asOf`; null when the topic did not exist yet. */
export function foldAsOf(topicId: string, events: Iterable<PositionedEvent>, asOf: AsOf): TopicTallyState | null {
  const state = topicTally.initial(topicId);
  for (const event of events) if (isBefore(event, asOf)) topicTally.apply(state, event);
  return state.topic ? state : null;
}
