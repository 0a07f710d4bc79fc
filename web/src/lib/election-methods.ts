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
