import { z } from 'zod';

/** GET /api/user/stats: the signed-in member's counts, projected from their events. */
export const UserStats = z.object({
  topicsCreated: z.number().int(),
  votesCast: z.number().int(),
  opinionsPosted: z.number().int(),
  /** Elections decided in the member's favour, main or not (the Election Winner achievement). */
  electionsWon: z.number().int(),
  /** Members who delegate to this member now, in any group (the Trusted Delegate achievement). */
  delegatesCount: z.number().int(),
  /** Groups the member leads now, by their main elections (the Leader badge while above 0); the Alliance seat is not counted. */
  groupsLed: z.number().int(),
  participationScore: z.number().int(),
});
export type UserStats = z.infer<typeof UserStats>;

/** docs/product.md, Constants: +1 per vote, +2 per opinion, +5 per topic, +10 per election won. */
export const SCORE_POINTS = { vote: 1, opinion: 2, topic: 5, electionWon: 10 } as const;
