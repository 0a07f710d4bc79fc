import { queryOptions, useQuery } from '@tanstack/react-query';
import { TopicTimeline } from '@civitas/events/audit/timeline.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicTimelineKey } from './topic-audit-keys';

export type TopicTimelineView = TopicTimeline;

export async function fetchTopicTimeline(topicId: string, signal?: AbortSignal): Promise<TopicTimeline> {
  const url = `/api/audit/topics/${encodeURIComponent(topicId)}/timeline`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, TopicTimeline, 'GET /api/audit/topics/<id>/timeline');
}

export const topicTimelineQueryOptions = (topicId: string) =>
  queryOptions({
    queryKey: topicTimelineKey(topicId),
    queryFn: ({ signal }) => fetchTopicTimeline(topicId, signal),
    refetchOnMount: 'always',
  });

/** GET /api/audit/topics/<id>/timeline: the top five tallies sampled over the topic's life (anyone who sees the topic). */
export function useTopicTimeline(topicId: string) {
  return useQuery(topicTimelineQueryOptions(topicId));
}
