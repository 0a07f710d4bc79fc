import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TopicParticipantsReply, type TopicParticipant } from '@civitas/events/chat/chat.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export type { TopicParticipant };

/** Up to 10 of the topic's participants whose name (any word of it) starts with `q`; the first 10 by name for none. */
export async function fetchTopicParticipants(topicId: string, q: string, signal?: AbortSignal): Promise<TopicParticipant[]> {
  const url = `${topicUrl(topicId)}/participants${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return (await parseResponse(response, TopicParticipantsReply, `GET ${topicUrl(topicId)}/participants`)).participants;
}

/** The chat's @-completion list for what follows the `@` (null: no list wanted, nothing asked). */
export function useTopicParticipants(topicId: string, q: string | null) {
  return useQuery({
    // Under the topic's key: read again with the topic (a reconnect).
    queryKey: [...topicQueryKey(topicId), 'participants', q ?? ''],
    queryFn: ({ signal }) => fetchTopicParticipants(topicId, q ?? '', signal),
    enabled: q !== null,
    // The list stays while the next letters' answer loads: no flicker as the member types.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
