import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ChatMessagesReply, type ChatMessageView } from '@civitas/events/chat/chat.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export type { ChatMessageView };

/** The topic's last 100 messages, oldest first. */
export async function fetchChatMessages(topicId: string, signal?: AbortSignal): Promise<ChatMessageView[]> {
  const url = `${topicUrl(topicId)}/messages`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, ChatMessagesReply, `GET ${url}`);
}

export function chatMessagesQueryKey(topicId: string) {
  // Under the topic's key: a reconnect, which refreshes the topic, reads the chat again too.
  return [...topicQueryKey(topicId), 'messages'] as const;
}

export function chatMessagesQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: chatMessagesQueryKey(topicId),
    // Messages that arrived while the dialog was closed (or the socket was down) are read on opening.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchChatMessages(topicId, signal),
  });
}

export function useChatMessages(topicId: string, enabled = true) {
  return useQuery({ ...chatMessagesQueryOptions(topicId), enabled });
}

/**
 * Adds a message that arrived (pushed on the socket, or the REST reply) to the cached list, once:
 * the sender hears of its own message both ways.
 */
export function addChatMessage(queryClient: QueryClient, message: ChatMessageView): void {
  const key = chatMessagesQueryKey(message.topicId);
  // A read under way may have started before this message was stored: read again (at the
  // message's position, already remembered) rather than lose it.
  if (queryClient.getQueryData(key) === undefined) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  queryClient.setQueryData<ChatMessageView[]>(key, (messages) => {
    if (!messages || messages.some((known) => known.id === message.id)) return messages;
    return [...messages, message];
  });
}
