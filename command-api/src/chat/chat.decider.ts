import {
  CHAT_MENTIONS_MAX,
  CHAT_MENTIONS_TOO_MANY,
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGE_TOO_LONG,
  ConflictError,
  ValidationError,
  type ChatEvent,
  type ChatMessagePosted,
  type Decider,
} from '@civitas/events';

export interface PostChatMessage {
  type: 'postChatMessage';
  message: Omit<ChatMessagePosted['data'], 'mentions'>;
  mentions: {
    /** The members the author mentioned, as the request named them (repeats and all). */
    requested: readonly string[];
    /** Of those, the ones who may be told: their accounts stand and they may see the topic (the service read their streams). */
    mayBeTold: ReadonlySet<string>;
  };
}
export interface ChatState {
  /** Ids of the messages on this stream, so a message id is never used twice. */
  messageIds: ReadonlySet<string>;
}

/**
 * `chat-{topicId}-{userId}`: one member's messages on one topic. The text rules are checked
 * here too (the body schema checks them first) so that every way in, REST or socket, stores
 * only what the rules allow. A mention is a courtesy: one who may not be told (the author, an
 * erased member, one who cannot see the topic) is left out and the message still posts
 * (docs/decisions.md, Mentions).
 */
export const chatDecider: Decider<PostChatMessage, ChatEvent, ChatState> = {
  initialState: () => ({ messageIds: new Set() }),
  evolve: (state, event) => (event.type === 'ChatMessagePosted' ? { messageIds: new Set(state.messageIds).add(event.data.messageId) } : state),
  decide: ({ message, mentions }, state) => {
    if (message.message.trim().length === 0) throw new ValidationError(CHAT_MESSAGE_BLANK);
    if (message.message.length > CHAT_MESSAGE_MAX_LENGTH) throw new ValidationError(CHAT_MESSAGE_TOO_LONG);
    if (mentions.requested.length > CHAT_MENTIONS_MAX) throw new ValidationError(CHAT_MENTIONS_TOO_MANY);
    if (state.messageIds.has(message.messageId)) throw new ConflictError('This message exists already.');
    const told = [...new Set(mentions.requested)].filter((id) => id !== message.userId && mentions.mayBeTold.has(id));
    return [{ type: 'ChatMessagePosted', data: { ...message, mentions: told } }];
  },
};
