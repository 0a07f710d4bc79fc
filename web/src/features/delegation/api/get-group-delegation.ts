import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupDelegationView } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { GROUP_DELEGATIONS_KEY } from './delegation-cache';

export { GroupDelegationView };

/** The member's delegate in the group, and the weight they carry there for others. */
export async function fetchGroupDelegation(groupId: number, signal?: AbortSignal): Promise<GroupDelegationView> {
  const url = `/api/delegations/${groupId}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, GroupDelegationView, `GET ${url}`);
}

export function groupDelegationQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: [...GROUP_DELEGATIONS_KEY, groupId],
    // Others delegate to the member from their own screens: each visit reads the weight again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchGroupDelegation(groupId, signal),
  });
}

export function useGroupDelegation(groupId: number) {
  return useQuery(groupDelegationQueryOptions(groupId));
}
