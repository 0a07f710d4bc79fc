import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { i18n } from '../../../i18n';
import { toastCommandError } from '../../../lib/command-error-toast';
import { useLiveSocket } from '../../../lib/live-updates';
import { addChatMessage } from '../api/get-chat-messages';
import { postChatMessage } from '../api/post-chat-message';

/** docs/product.md, Messages, Chat: 'Failed to send message. Please try again.', in the interface language. */
export const chatSendFailed = () => i18n.t('chat:sendFailed');

/**
 * Sends over the live socket when it is open, else through POST /api/chat/messages (docs/product.md,
 * Calls). A socket send is answered by the message itself, pushed back like everyone's, or
 * by an error frame (which the dialog turns into the failure toast); the REST reply carries the
 * stored message, shown at once. Resolves true when the message went out (the draft can go).
 */
export function useSendChatMessage(topicId: string) {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  const [isPosting, setPosting] = useState(false);

  /** `mentions`: the ids of the members the message names (docs/decisions.md, Mentions); none is no field at all. */
  const send = async (message: string, mentions: string[] = []): Promise<boolean> => {
    const body = { topicId, message, ...(mentions.length > 0 && { mentions }) };
    if (socket.send({ type: 'chat', data: body })) return true;
    setPosting(true);
    try {
      const reply = await postChatMessage(body);
      addChatMessage(queryClient, reply.message);
      return true;
    } catch (error) {
      toastCommandError(error, chatSendFailed());
      return false;
    } finally {
      setPosting(false);
    }
  };

  return { send, isPosting };
}
