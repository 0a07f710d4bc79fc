import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

/** `opinion-{id}`: a member's opinion on a topic. */
export const OpinionPosted = defineEvent(
  'OpinionPosted',
  z.object({
    opinionId: z.uuid(),
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    content: z.string(),
  }),
);
export type OpinionPosted = EventOf<typeof OpinionPosted>;
export type OpinionEvent = OpinionPosted;
export const opinionEvents = [OpinionPosted];
