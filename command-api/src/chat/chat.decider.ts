import {
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  ConflictError,
  ValidationError,
  type ChatEvent,
  type ChatMessagePosted,
  type Decider,
} from '@civitas/events';

export type PostChatMessage = { type: 'postChatMessage'; message: ChatMessagePosted['data'] };
export interface ChatState {
  /** Ids of the messages on this stream, so a message id is never used twice. */
  messageIds: ReadonlySet<string>;
}

/**
 * `chat-{topicId}-{userId}`: one member's messages on one topic. The text rules are checked
 * here too (the body schema checks them first) so that every way in, REST or socket, stores
 * only what the rules allow.
 */
export const chatDecider: Decider<PostChatMessage, ChatEvent, ChatState> = {
  initialState: () => ({ messageIds: new Set() }),
  evolve: (state, event) => (event.type === 'ChatMessagePosted' ? { messageIds: new Set(state.messageIds).add(event.data.messageId) } : state),
  decide: ({ message }, state) => {
    if (message.message.trim().length === 0) throw new ValidationError(CHAT_MESSAGE_BLANK);
    if (message.message.length > CHAT_MESSAGE_MAX_LENGTH) throw new ValidationError(CHAT_MESSAGE_TOO_LONG);
    if (state.messageIds.has(message.messageId)) throw new ConflictError('This message exists already.');
    return [{ type: 'ChatMessagePosted', data: message }];
  },
};
