import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { Group } from './group';

export async function fetchGroup(groupId: number, signal?: AbortSignal): Promise<Group> {
  const url = `/api/groups/${groupId}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, Group, `GET ${url}`);
}

export function groupQueryOptions(groupId: number) {
  return queryOptions({
    // Its stats and topics live under this key, so invalidating it refreshes them too.
    queryKey: ['/api/groups', groupId],
    queryFn: ({ signal }) => fetchGroup(groupId, signal),
  });
}

export function useGroup(groupId: number) {
  return useQuery(groupQueryOptions(groupId));
}
