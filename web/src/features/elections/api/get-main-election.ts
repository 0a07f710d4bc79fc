import { queryOptions, useQuery } from '@tanstack/react-query';
import { MainElectionView } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { errorStatus } from '../../../lib/server-message';

export { MainElectionView };

/** Everything of a group lives under this prefix (lib/api/get-group.ts). */
const groupsPrefixKey = ['/api/groups'] as const;

export function mainElectionUrl(groupId: number): string {
  return `/api/groups/${groupId}/main-election`;
}

/** The group's newest main election, or null: the server answers 404 while there is none. */
export async function fetchMainElection(groupId: number, signal?: AbortSignal): Promise<MainElectionView | null> {
  const url = mainElectionUrl(groupId);
  let response: Response;
  try {
    response = await apiRequest('GET', url, undefined, { signal });
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
  return parseResponse(response, MainElectionView, `GET ${url}`);
}

export function mainElectionQueryKey(groupId: number) {
  return [...groupsPrefixKey, groupId, 'main-election'] as const;
}

export function mainElectionQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: mainElectionQueryKey(groupId),
    // Candidates register and elections close without us: each visit reads it again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchMainElection(groupId, signal),
  });
}

export function useMainElection(groupId: number, enabled = true) {
  return useQuery({ ...mainElectionQueryOptions(groupId), enabled });
}
