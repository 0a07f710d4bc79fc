import { z } from 'zod';
import { HiddenNotice } from '../moderation/hidden-content.contract';
import { text } from '../text';
import { OPINION_MAX_LENGTH } from '../topics/topic-rules';
import { PersonSummary } from '../topics/topic.contract';
import { VoteType } from '../voting/vote.events';

export const OPINION_NOT_FOUND = 'Opinion not found';
export const OPINION_BLANK = 'Opinion cannot be empty';
export const OPINION_TOO_LONG = `Opinion must be at most ${OPINION_MAX_LENGTH} characters`;

/**
 * POST /api/opinions: the content is trimmed, must not be blank and has at most 1000 characters.
 * topicId is checked as a uuid by the route (anything else is a 404, like a missing topic).
 */
export const PostOpinionBody = z.object({
  topicId: z.string({ error: 'Topic not found' }).min(1, 'Topic not found'),
  content: text({ field: 'Opinion', required: OPINION_BLANK, lines: 'multi' }).min(1, OPINION_BLANK).max(OPINION_MAX_LENGTH, OPINION_TOO_LONG),
});
export type PostOpinionBody = z.infer<typeof PostOpinionBody>;

/** An opinion's tally: direct votes, and the weighted ones (delegation) that make the official count. */
export const OpinionTally = z.object({
  supportCount: z.number().int(),
  opposeCount: z.number().int(),
  weightedSupport: z.number().int(),
  weightedOppose: z.number().int(),
  /** The official tally: weighted support minus weighted oppose. */
  voteCount: z.number().int(),
});
export type OpinionTally = z.infer<typeof OpinionTally>;

/** GET /api/topics/<id>/opinions item, ordered by voteCount (highest first), then oldest first. */
export const OpinionView = OpinionTally.extend({
  id: z.string(),
  topicId: z.string(),
  userId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: PersonSummary,
  /** The signed-in member's own vote on it. */
  myVote: VoteType.nullable(),
  /** Set when an admin hid it: then `content` is blank for everyone but admins. */
  hidden: HiddenNotice.nullish(),
});
export type OpinionView = z.infer<typeof OpinionView>;

export const PostOpinionReply = z.object({ position: z.string().nullable(), opinion: OpinionView });
export type PostOpinionReply = z.infer<typeof PostOpinionReply>;
