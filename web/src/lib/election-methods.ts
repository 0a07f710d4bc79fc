import type { z } from 'zod';
import { ElectionResultView } from '@civitas/events/elections/election.contract';

/**
 * How an election is counted (issue #34; events/src/elections/election-method.ts, which the events
 * package does not export by path): the contract's own enum, read off the result view's schema.
 */
export const ElectionMethodSchema = ElectionResultView.shape.method;
export type ElectionMethod = z.infer<typeof ElectionMethodSchema>;
export const ELECTION_METHODS = ElectionMethodSchema.options;
/** As election-method.ts: an election opened without a method, or before methods, is plurality. */
export const DEFAULT_ELECTION_METHOD: ElectionMethod = 'plurality';

/**
 * How a law amendment or dispute resolution is decided (issue #34 item 2): support and oppose on each
 * opinion (the spec's, the default: the topic is opened with no method) or ranked among its opinions
 * and "no change" by the Schulze method (opened with method 'schulze').
 */
export const LAW_METHODS = ['supportOppose', 'schulze'] as const;
export type LawMethod = (typeof LAW_METHODS)[number];
export const DEFAULT_LAW_METHOD: LawMethod = 'supportOppose';
/** The topic's own answer: a law topic with method 'schulze' is decided among its opinions. */
export const decidesAmongOpinions = (topic: { type: string; method: ElectionMethod | null }) =>
  (topic.type === 'law_amendment' || topic.type === 'dispute_resolution') && topic.method === 'schulze';
