import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';

/** `chat-{topicId}-{userId}`: one member's chat messages on one topic. */
export const ChatMessagePosted = defineEvent(
  'ChatMessagePosted',
  z.object({
    messageId: z.uuid(),
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    userId: z.uuid(),
    message: z.string(),
    /** Members the message mentions (`@` and a name from the topic's participants), each told of it; absent: none. */
    mentions: z.array(z.uuid()).optional(),
  }),
);
export type ChatMessagePosted = EventOf<typeof ChatMessagePosted>;
export type ChatEvent = ChatMessagePosted;
export const chatEvents = [ChatMessagePosted];
