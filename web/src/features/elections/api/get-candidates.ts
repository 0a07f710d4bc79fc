import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CandidateView } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export { CandidateView };

/** An election's candidates with their weighted count (voteCount), direct ballots and the member's own choice. */
export async function fetchCandidates(topicId: string, signal?: AbortSignal): Promise<CandidateView[]> {
  const url = `${topicUrl(topicId)}/candidates`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(CandidateView), `GET ${url}`);
}

export function candidatesQueryKey(topicId: string) {
  // Under the topic's key: a delegation change (which refreshes every topic) moves these counts too.
  return [...topicQueryKey(topicId), 'candidates'] as const;
}

export function candidatesQueryOptions(topicId: string) {
  return queryOptions({
    queryKey: candidatesQueryKey(topicId),
    // Others stand and vote meanwhile: each visit reads the list again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchCandidates(topicId, signal),
  });
}

export function useCandidates(topicId: string) {
  return useQuery(candidatesQueryOptions(topicId));
}
