import { z } from 'zod';
import { HiddenNotice } from '../moderation/hidden-content.contract';
import { text } from '../text';
import { PersonSummary } from '../topics/topic.contract';

/** docs/product.md, Rules: chat messages are at most 2000 characters (enforced by the server). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_MESSAGE_BLANK = 'Message cannot be empty';
export const CHAT_MESSAGE_TOO_LONG = `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`;
/** The per-member limit on chat messages (socket and REST together), and its refusal. */
export const CHAT_RATE_LIMIT_PER_MINUTE = 30;
export const CHAT_RATE_LIMITED = 'You are sending messages too fast. Please wait a moment.';
/** What GET /api/topics/<id>/messages returns when no `before` cursor narrows it, and at most. */
export const CHAT_PAGE_SIZE = 100;

const chatMessage = () =>
  text({ field: 'Message', required: CHAT_MESSAGE_BLANK, lines: 'multi' }).min(1, CHAT_MESSAGE_BLANK).max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_TOO_LONG);

/** The most members one message may mention (docs/decisions.md, Mentions). */
export const CHAT_MENTIONS_MAX = 20;
export const CHAT_MENTIONS_NOT_MEMBERS = 'Mentions must be a list of member ids';
export const CHAT_MENTIONS_TOO_MANY = `A message can mention at most ${CHAT_MENTIONS_MAX} members`;

/**
 * POST /api/chat/messages (and the socket's chat frame): the message is trimmed, must not be
 * blank and has at most 2000 characters. topicId is checked as a uuid by the route (anything
 * else is a 404, like a missing topic). `mentions` names the members the message mentions (at
 * most 20 ids, repeats counted once); the server keeps only those who may be told of it.
 */
export const PostChatMessageBody = z.object({
  topicId: z.string({ error: 'Topic not found' }).min(1, 'Topic not found'),
  message: chatMessage(),
  mentions: z
    .array(
      z.uuid({ error: CHAT_MENTIONS_NOT_MEMBERS }).transform((id) => id.toLowerCase()),
      { error: CHAT_MENTIONS_NOT_MEMBERS },
    )
    .max(CHAT_MENTIONS_MAX, CHAT_MENTIONS_TOO_MANY)
    .optional(),
});
export type PostChatMessageBody = z.infer<typeof PostChatMessageBody>;

/** One chat message as GET /api/topics/<id>/messages, the POST reply and the socket push show it. */
export const ChatMessageView = z.object({
  id: z.string(),
  topicId: z.string(),
  userId: z.string(),
  message: z.string(),
  createdAt: z.string(),
  user: PersonSummary,
  /** Set when an admin hid it: then `message` is blank for everyone but admins. */
  hidden: HiddenNotice.nullish(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

export const PostChatMessageReply = z.object({ position: z.string().nullable(), message: ChatMessageView });
export type PostChatMessageReply = z.infer<typeof PostChatMessageReply>;

/** GET /api/topics/<id>/messages: oldest first; `before` pages back (a message id or a position). */
export const ChatMessagesReply = z.array(ChatMessageView);
export type ChatMessagesReply = z.infer<typeof ChatMessagesReply>;

/**
 * Frames a client sends on /ws. The chat frame's data is checked by the server with
 * PostChatMessageBody (so its messages are the REST call's); here it is only its shape.
 */
export const ChatClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), data: z.object({ topicId: z.string(), message: z.string(), mentions: z.array(z.string()).optional() }) }),
  z.object({ type: z.literal('subscribe'), data: z.object({ topicIds: z.array(z.string()) }) }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrame>;

/**
 * Frames the server pushes on /ws, each (but error) with the position of the change it
 * announces, so the client's next read can wait for it.
 */
export const LiveServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), data: ChatMessageView, position: z.string() }),
  z.object({ type: z.literal('opinions'), data: z.object({ topicId: z.string() }), position: z.string() }),
  z.object({ type: z.literal('candidates'), data: z.object({ topicId: z.string() }), position: z.string() }),
  z.object({ type: z.literal('topicStats'), data: z.object({ topicId: z.string() }), position: z.string() }),
  z.object({ type: z.literal('statsUpdate'), position: z.string() }),
  /** The member's notifications changed (a new one, or read elsewhere): read them again at this position. */
  z.object({ type: z.literal('notifications'), position: z.string() }),
  z.object({ type: z.literal('error'), data: z.object({ message: z.string() }) }),
]);
export type LiveServerFrame = z.infer<typeof LiveServerFrame>;

/** The longest name prefix GET /api/topics/<id>/participants takes (a name is shorter). */
export const PARTICIPANT_QUERY_MAX_LENGTH = 100;
export const PARTICIPANT_QUERY_FIELD = 'Name';
export const PARTICIPANT_QUERY_TOO_LONG = `${PARTICIPANT_QUERY_FIELD} must be at most ${PARTICIPANT_QUERY_MAX_LENGTH} characters`;
/** How many participants the completion list offers at most. */
export const TOPIC_PARTICIPANTS_LIMIT = 10;

/** GET /api/topics/<id>/participants?q=: the start of a name (of any of its words); none or blank for the first ones by name. */
export const TopicParticipantsQuery = z.object({
  q: text({ field: PARTICIPANT_QUERY_FIELD, required: `${PARTICIPANT_QUERY_FIELD} must be text` })
    .refine((value) => [...value].length <= PARTICIPANT_QUERY_MAX_LENGTH, { message: PARTICIPANT_QUERY_TOO_LONG, abort: true })
    .optional(),
});
export type TopicParticipantsQuery = z.infer<typeof TopicParticipantsQuery>;

/** One member who took part in the topic, as the chat's @-completion offers them. */
export const TopicParticipant = z.object({ id: z.uuid(), firstName: z.string().nullable(), lastName: z.string().nullable() });
export type TopicParticipant = z.infer<typeof TopicParticipant>;

/** Up to 10 of the topic's participants whose name matches, by name; never the caller, never an erased member. */
export const TopicParticipantsReply = z.object({ participants: z.array(TopicParticipant) });
export type TopicParticipantsReply = z.infer<typeof TopicParticipantsReply>;
