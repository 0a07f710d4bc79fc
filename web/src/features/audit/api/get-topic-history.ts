import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TopicHistoryPage, type TopicHistoryKind } from '@civitas/events/audit/history.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicHistoryKey } from './topic-audit-keys';

export type { TopicHistoryPage };
export type { TopicHistoryEntry, TopicHistoryKind } from '@civitas/events/audit/history.contract';

const historyUrl = (topicId: string) => `/api/audit/topics/${encodeURIComponent(topicId)}/history`;

export async function fetchTopicHistory(
  topicId: string,
  kind: TopicHistoryKind | undefined,
  before: string | null,
  signal?: AbortSignal,
): Promise<TopicHistoryPage> {
  const search = new URLSearchParams({ ...(before ? { before } : {}), ...(kind ? { kind } : {}) }).toString();
  const url = search ? `${historyUrl(topicId)}?${search}` : historyUrl(topicId);
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, TopicHistoryPage, 'GET /api/audit/topics/<id>/history');
}

export const topicHistoryQueryOptions = (topicId: string, kind: TopicHistoryKind | undefined) =>
  infiniteQueryOptions({
    queryKey: topicHistoryKey(topicId, kind),
    queryFn: ({ pageParam, signal }) => fetchTopicHistory(topicId, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });

/** GET /api/audit/topics/<id>/history: what bears on the topic's outcome, oldest first, 100 a page, members as pseudonyms. */
export function useTopicHistory(topicId: string, kind: TopicHistoryKind | undefined) {
  return useInfiniteQuery(topicHistoryQueryOptions(topicId, kind));
}
