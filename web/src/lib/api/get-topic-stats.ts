import { queryOptions, useQuery } from '@tanstack/react-query';
import { TopicStats } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { topicQueryKey, topicUrl } from './get-topic';
import { refetchOnEachVisit } from './each-visit';

export { TopicStats };

export async function fetchTopicStats(topicId: string, signal?: AbortSignal): Promise<TopicStats> {
  const url = `${topicUrl(topicId)}/stats`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, TopicStats, `GET ${url}`);
}

export function topicStatsQueryKey(topicId: string) {
  return [...topicQueryKey(topicId), 'stats'] as const;
}

export function topicStatsQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: topicStatsQueryKey(topicId),
    // A discussion moves on without us (other members post and vote, and the member's own
    // eligibility changes on other pages): each visit reads it again, showing the cache meanwhile.
    refetchOnMount: refetchOnEachVisit,
    queryFn: ({ signal }) => fetchTopicStats(topicId, signal),
  });
}

export function useTopicStats(topicId: string) {
  return useQuery(topicStatsQueryOptions(topicId));
}
