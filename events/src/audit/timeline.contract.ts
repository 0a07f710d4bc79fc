import { z } from 'zod';
import { wholeNumberQuery } from '../ids';

/** GET /api/audit/topics/<id>/timeline (issue #15 item 3): the top tallies sampled over the topic's life. */

export const TIMELINE_DEFAULT_POINTS = 60;
export const TIMELINE_MAX_POINTS = 200;
/** How many opinions (or candidates) the timeline follows: the top ones by final weighted count. */
export const TIMELINE_TOP = 5;
export const INVALID_POINTS = `points must be a whole number from 2 to ${TIMELINE_MAX_POINTS}`;

export const TimelineQuery = z.object({
  points: wholeNumberQuery({ message: INVALID_POINTS, min: 2, max: TIMELINE_MAX_POINTS }).default(TIMELINE_DEFAULT_POINTS),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;

export const TimelineTally = z.object({
  /** The opinion's or candidate's id. */
  id: z.string(),
  /** The opinion's excerpt or the candidate's name. */
  label: z.string(),
  weightedSupport: z.number().int(),
  weightedOppose: z.number().int(),
});
export type TimelineTally = z.infer<typeof TimelineTally>;

export const TimelinePoint = z.object({
  /** The last event folded by then: as an `asOf`, it reads the same tallies. */
  position: z.string(),
  at: z.string(),
  tallies: z.array(TimelineTally),
});
export type TimelinePoint = z.infer<typeof TimelinePoint>;

/** `from` = created, `to` = closed (or expiry, or now while open); the series is evenly spaced between. */
export const TopicTimeline = z.object({ from: z.string(), to: z.string(), series: z.array(TimelinePoint) });
export type TopicTimeline = z.infer<typeof TopicTimeline>;
