import { queryOptions, useQuery } from '@tanstack/react-query';
import { ElectionResultView } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export { ElectionResultView };

/** GET /api/topics/<id>/result (issue #34 item 5): the count by the election's method, with Schulze's matrices. */
export async function fetchElectionResult(topicId: string, signal?: AbortSignal): Promise<ElectionResultView> {
  const url = `${topicUrl(topicId)}/result`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, ElectionResultView, `GET ${url}`);
}

/** Under the topic's key, as the candidates: what refreshes the topic reaches the result too. */
export function electionResultQueryKey(topicId: string) {
  return [...topicQueryKey(topicId), 'result'] as const;
}

export function electionResultQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: electionResultQueryKey(topicId),
    // Ballots keep coming while it is open: each visit reads it again.
    refetchOnMount: 'always',
    staleTime: 0,
    queryFn: ({ signal }) => fetchElectionResult(topicId, signal),
  });
}

export function useElectionResult(topicId: string) {
  return useQuery(electionResultQueryOptions(topicId));
}
