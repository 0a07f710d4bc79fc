import { queryOptions, useQuery } from '@tanstack/react-query';
import { TopicView } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { refetchOnEachVisit } from './each-visit';

export { TopicView };

export function topicUrl(topicId: string): string {
  return `/api/topics/${encodeURIComponent(topicId)}`;
}

export async function fetchTopic(topicId: string, signal?: AbortSignal): Promise<TopicView> {
  const url = topicUrl(topicId);
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, TopicView, `GET ${url}`);
}

/** The topic's key; its stats and opinions live under it, so one prefix reaches all three. */
export function topicQueryKey(topicId: string) {
  return ['/api/topics', topicId] as const;
}

export function topicQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: topicQueryKey(topicId),
    // A discussion moves on without us (other members post and vote, and the member's own
    // eligibility changes on other pages): each visit reads it again, showing the cache meanwhile.
    refetchOnMount: refetchOnEachVisit,
    queryFn: ({ signal }) => fetchTopic(topicId, signal),
  });
}

export function useTopic(topicId: string) {
  return useQuery(topicQueryOptions(topicId));
}
