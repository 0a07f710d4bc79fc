import { z } from 'zod';
import { Receipt } from '../audit/merkle.contract';
import { VoteType } from './vote.events';

/** POST /api/votes. Voting the type you already voted removes the vote (docs/product.md, States). */
export const CastVoteBody = z.object({
  opinionId: z.string({ error: 'Opinion not found' }).min(1, 'Opinion not found'),
  voteType: VoteType,
});
export type CastVoteBody = z.infer<typeof CastVoteBody>;

/**
 * Answer of POST /api/votes and DELETE /api/votes/<opinionId>: the member's vote now. The official
 * tally weighs delegations the vote stream cannot see, so the client reads the opinions again
 * with `position` (read-your-writes) for the new counts.
 */
export const VoteReply = z.object({
  position: z.string().nullable(),
  opinionId: z.string(),
  voteType: VoteType.nullable(),
  /** The appended event's id and Merkle leaf hash, to check its inclusion later; null when nothing was appended. */
  receipt: Receipt.nullable(),
});
export type VoteReply = z.infer<typeof VoteReply>;

/** Sent with a vote, the same key makes repeats of one click count once (e.g. a retried request). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
