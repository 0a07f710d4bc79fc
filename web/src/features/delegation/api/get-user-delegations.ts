import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DelegationView } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { USER_DELEGATIONS_KEY } from './delegation-cache';

export { DelegationView };

const URL = '/api/user/delegations';

/** The member's own delegations, in every group, with the delegate's names and isActive. */
export async function fetchUserDelegations(signal?: AbortSignal): Promise<DelegationView[]> {
  const response = await apiRequest('GET', URL, undefined, { signal });
  return parseResponse(response, z.array(DelegationView), `GET ${URL}`);
}

export function userDelegationsQueryOptions() {
  return queryOptions({
    queryKey: USER_DELEGATIONS_KEY,
    queryFn: ({ signal }) => fetchUserDelegations(signal),
  });
}

export function useUserDelegations() {
  return useQuery(userDelegationsQueryOptions());
}
