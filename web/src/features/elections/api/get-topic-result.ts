import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ElectionResultView, RankedOpinionsResultView, ResultView, SupportResultView } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export { ElectionResultView, SupportResultView };

/**
 * A law decided among its opinions (issue #34 item 2), with the signed-in member's own ranking as
 * the read gives it (`myRanking`: tiers of option ids; null for none). The field is optional: a read
 * without it leaves the ranking this tab last cast standing (`topicResultQueryOptions`).
 */
export const OpinionsResultView = RankedOpinionsResultView;
export type OpinionsResultView = RankedOpinionsResultView;

/** GET /api/topics/<id>/result: an election's count by its method, a law's among its opinions, or a law's by support and oppose (`kind`). */
export const TopicResultView = ResultView;
export type TopicResultView = ResultView;

/** Under the topic's key, as the candidates and opinions: what refreshes the topic reaches the result too. */
export function topicResultQueryKey(topicId: string) {
  return [...topicQueryKey(topicId), 'result'] as const;
}

/** The member's ranking the cached result holds (for a read that gives none of its own). */
function cachedRanking(queryClient: QueryClient, topicId: string): OpinionsResultView['myRanking'] {
  const cached = queryClient.getQueryData<TopicResultView>(topicResultQueryKey(topicId));
  return cached?.kind === 'opinions' ? cached.myRanking : undefined;
}

/** GET /api/topics/<id>/result (issue #34 items 2 and 5). */
export async function fetchTopicResult(topicId: string, signal?: AbortSignal): Promise<TopicResultView> {
  const url = `${topicUrl(topicId)}/result`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, TopicResultView, `GET ${url}`);
}

export function topicResultQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: topicResultQueryKey(topicId),
    // Ballots keep coming while it is open: each visit reads it again.
    refetchOnMount: 'always',
    staleTime: 0,
    queryFn: async ({ signal, client }) => {
      const result = await fetchTopicResult(topicId, signal);
      if (result.kind !== 'opinions' || result.myRanking !== undefined) return result;
      return { ...result, myRanking: cachedRanking(client, topicId) };
    },
  });
}

export function useTopicResult(topicId: string) {
  return useQuery(topicResultQueryOptions(topicId));
}
