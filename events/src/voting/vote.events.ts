import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

export const VoteType = z.enum(['support', 'oppose'], { error: "voteType must be 'support' or 'oppose'" });
export type VoteType = z.infer<typeof VoteType>;

/**
 * `vote-{opinionId}-{userId}`: one member's vote on one opinion. Each event names the vote it
 * replaces, so tallies move by deltas without reading anything back.
 */
export const VoteCast = defineEvent(
  'VoteCast',
  z.object({
    opinionId: z.uuid(),
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    voteType: VoteType,
    previousVoteType: VoteType.nullable(),
  }),
);
export const VoteRetracted = defineEvent(
  'VoteRetracted',
  z.object({
    opinionId: z.uuid(),
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    previousVoteType: VoteType,
  }),
);
export type VoteCast = EventOf<typeof VoteCast>;
export type VoteRetracted = EventOf<typeof VoteRetracted>;
export type VoteEvent = VoteCast | VoteRetracted;
export const voteEvents = [VoteCast, VoteRetracted];
