import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BusinessMemberView } from '@civitas/events/invitations/invitation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { BusinessMemberView };

/** The colleagues in the owner's business group, active and removed (status 'fired'). */
export async function fetchBusinessMembers(groupId: number, signal?: AbortSignal): Promise<BusinessMemberView[]> {
  const url = `/api/business/${groupId}/members`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(BusinessMemberView), `GET ${url}`);
}

export function businessMembersQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: ['/api/business', groupId, 'members'],
    queryFn: ({ signal }) => fetchBusinessMembers(groupId, signal),
  });
}

export function useBusinessMembers(groupId: number) {
  return useQuery(businessMembersQueryOptions(groupId));
}
