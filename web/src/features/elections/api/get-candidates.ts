import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CandidateView } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

export { CandidateView };

/**
 * An election's candidates with their weighted count (voteCount), direct ballots and the member's own
 * choice; with `asOf` (a log position), the counts as they stood then, recounted from the events.
 */
export async function fetchCandidates(topicId: string, signal?: AbortSignal, asOf?: string): Promise<CandidateView[]> {
  const url = `${topicUrl(topicId)}/candidates${asOf === undefined ? '' : `?${new URLSearchParams({ asOf }).toString()}`}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(CandidateView), `GET ${url}`);
}

export function candidatesQueryKey(topicId: string) {
  // Under the topic's key: a delegation change (which refreshes every topic) moves these counts too.
  return [...topicQueryKey(topicId), 'candidates'] as const;
}

/** With `asOf`, the candidates as they stood then: the past does not change, so a moment read once stays right. */
export function candidatesQueryOptions(topicId: string, asOf?: string) {
  const live = asOf === undefined;
  return queryOptions({
    queryKey: live ? candidatesQueryKey(topicId) : [...candidatesQueryKey(topicId), 'asOf', asOf],
    // Others stand and vote meanwhile: each visit reads the live list again.
    refetchOnMount: live ? 'always' : true,
    staleTime: live ? 0 : Infinity,
    placeholderData: live ? undefined : keepPreviousData,
    queryFn: ({ signal }) => fetchCandidates(topicId, signal, asOf),
  });
}

export function useCandidates(topicId: string, asOf?: string) {
  return useQuery(candidatesQueryOptions(topicId, asOf));
}
