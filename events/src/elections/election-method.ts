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

/** The method a law amendment or dispute resolution may take: 'schulze', deciding among its opinions; without one, support and oppose on each. */
export const RANKED_OPINIONS_METHOD = 'schulze' satisfies ElectionMethod;
export const LAW_METHOD_ONLY_SCHULZE =
  "A law amendment or dispute resolution is decided by support and oppose on each opinion (no method) or among its opinions ('schulze').";
/** Whether a topic of this kind and method is decided by ranked ballots over its opinions and "no change". */
export const decidesAmongOpinions = (created: { type: string; method?: ElectionMethod | undefined }) =>
  (created.type === 'law_amendment' || created.type === 'dispute_resolution') && created.method === RANKED_OPINIONS_METHOD;
