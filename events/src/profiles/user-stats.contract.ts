import { z } from 'zod';

/**
 * GET /api/user/stats: the signed-in member's counts, projected from their events. The spec's
 * electionsWon and delegatesCount come back with elections and delegation: until then nothing
 * could fill them.
 */
export const UserStats = z.object({
  topicsCreated: z.number().int(),
  votesCast: z.number().int(),
  opinionsPosted: z.number().int(),
  participationScore: z.number().int(),
});
export type UserStats = z.infer<typeof UserStats>;

/** DECISIONS.md: +1 per vote, +2 per opinion, +5 per topic, +10 per election won. */
export const SCORE_POINTS = { vote: 1, opinion: 2, topic: 5, electionWon: 10 } as const;
