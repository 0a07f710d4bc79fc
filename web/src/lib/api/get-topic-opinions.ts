import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { OpinionView } from '@civitas/events/opinions/opinion.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { topicQueryKey, topicUrl } from './get-topic';
import { refetchOnEachVisit } from './each-visit';

export { OpinionView };

/** Ordered by the official tally, highest first (then oldest): the first is the Top Opinion. */
export async function fetchTopicOpinions(topicId: string, signal?: AbortSignal): Promise<OpinionView[]> {
  const url = `${topicUrl(topicId)}/opinions`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(OpinionView), `GET ${url}`);
}

export function topicOpinionsQueryKey(topicId: string) {
  return [...topicQueryKey(topicId), 'opinions'] as const;
}

export function topicOpinionsQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: topicOpinionsQueryKey(topicId),
    // A discussion moves on without us (other members post and vote, and the member's own
    // eligibility changes on other pages): each visit reads it again, showing the cache meanwhile.
    refetchOnMount: refetchOnEachVisit,
    queryFn: ({ signal }) => fetchTopicOpinions(topicId, signal),
  });
}

export function useTopicOpinions(topicId: string) {
  return useQuery(topicOpinionsQueryOptions(topicId));
}
