import { queryOptions, useQuery } from '@tanstack/react-query';
import { DelegationOverview } from '@civitas/events/profiles/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { DelegationOverview };

export const DELEGATION_OVERVIEW_URL = '/api/user/delegations/overview';

export async function fetchDelegationOverview(signal?: AbortSignal): Promise<DelegationOverview> {
  const response = await apiRequest('GET', DELEGATION_OVERVIEW_URL, undefined, { signal });
  return parseResponse(response, DelegationOverview, `GET ${DELEGATION_OVERVIEW_URL}`);
}

export function delegationOverviewQueryOptions() {
  return queryOptions({
    queryKey: [DELEGATION_OVERVIEW_URL],
    // Others delegate to the member without them: each visit reads it again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchDelegationOverview(signal),
  });
}

export function useDelegationOverview() {
  return useQuery(delegationOverviewQueryOptions());
}
