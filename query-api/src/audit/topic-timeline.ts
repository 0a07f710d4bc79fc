import { TIMELINE_TOP, topicTally, type PositionedEvent, type SubjectTally, type TimelinePoint, type TopicTallyState } from '@civitas/events';

export interface TimelineOptions {
  points: number;
  /** The end of an open topic's life. */
  now: Date;
  /** The label of each subject id (opinion excerpt or candidate name). */
  labelOf: (state: TopicTallyState, subjectId: string) => string;
}

export interface Timeline {
  from: string;
  to: string;
  series: TimelinePoint[];
}

const subjectsOf = (state: TopicTallyState) => {
  const tallies = topicTally.tallies(state);
  return state.topic?.type === 'election' ? tallies.candidates : tallies.opinions;
};

/** The top subjects by final weighted count (support and oppose together: where the weight went); earlier ones first on a tie. */
function topSubjects(final: readonly SubjectTally[]): string[] {
  return final
    .map((tally, index) => ({ tally, index }))
    .sort((a, b) => b.tally.weightedSupport + b.tally.weightedOppose - (a.tally.weightedSupport + a.tally.weightedOppose) || a.index - b.index)
    .slice(0, TIMELINE_TOP)
    .map(({ tally }) => tally.subjectId);
}

/**
 * The topic's top tallies at `points` moments evenly spaced over its life (created -> closed, or
 * expiry, or now), in ONE forward pass: the module folds on and is read at each moment, counting
 * only the top subjects. Each point is what `asOf` = its position answers. Null: no such topic.
 */
export function topicTimeline(topicId: string, events: readonly PositionedEvent[], { points, now, labelOf }: TimelineOptions): Timeline | null {
  const final = topicTally.initial(topicId);
  for (const event of events) topicTally.apply(final, event);
  if (!final.topic || !final.createdAt || final.status === 'deleted') return null;
  const top = topSubjects(subjectsOf(final));
  const only = new Set(top);
  const from = Date.parse(final.createdAt);
  const end = final.closedAt ?? new Date(Math.min(now.getTime(), Date.parse(final.topic.expiresAt))).toISOString();
  const to = Math.max(from, Date.parse(end));

  const state = topicTally.initial(topicId);
  const series: TimelinePoint[] = [];
  let next = 0;
  let position = '';
  for (let point = 0; point < points; point += 1) {
    const at = new Date(from + Math.round(((to - from) * point) / (points - 1))).toISOString();
    for (; next < events.length && events[next]!.at <= at; next += 1) {
      topicTally.apply(state, events[next]!);
      position = events[next]!.position;
    }
    const tallies = topicTally.tallies(state, { only });
    const bySubject = new Map((state.topic?.type === 'election' ? tallies.candidates : tallies.opinions).map((tally) => [tally.subjectId, tally]));
    series.push({
      position,
      at,
      // A subject not posted yet stands at zero.
      tallies: top.map((id) => ({
        id,
        label: labelOf(final, id),
        weightedSupport: bySubject.get(id)?.weightedSupport ?? 0,
        weightedOppose: bySubject.get(id)?.weightedOppose ?? 0,
      })),
    });
  }
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), series };
}
