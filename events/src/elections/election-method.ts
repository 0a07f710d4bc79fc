import { z } from 'zod';

/**
 * How an election is counted (issue #34 item 1; docs/decisions.md, Election methods): plurality (one
 * candidate a ballot, the spec's and the default), ranked ballots counted by the Schulze method, or
 * approval (any number of candidates a ballot). Chosen when the election opens; never changed.
 */
export const ELECTION_METHODS = ['plurality', 'schulze', 'approval'] as const;
export const ElectionMethodSchema = z.enum(ELECTION_METHODS, { error: "Method must be 'plurality', 'schulze' or 'approval'" });
export type ElectionMethod = z.infer<typeof ElectionMethodSchema>;
export const DEFAULT_ELECTION_METHOD: ElectionMethod = 'plurality';

/** An election's method as its TopicCreated names it; topics opened before methods existed are plurality. */
export const methodOf = (created: { method?: ElectionMethod | undefined }): ElectionMethod => created.method ?? DEFAULT_ELECTION_METHOD;
