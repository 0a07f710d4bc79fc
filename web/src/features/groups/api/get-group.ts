import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { Group } from './group';

export async function fetchGroup(groupId: number, signal?: AbortSignal): Promise<Group> {
  const url = `/api/groups/${groupId}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, Group, `GET ${url}`);
}

export function groupQueryOptions(groupId: number) {
  return queryOptions({
    // Joined with '/', the key is the URL, as the default query function expects.
    queryKey: ['/api/groups', groupId],
    queryFn: ({ signal }) => fetchGroup(groupId, signal),
  });
}

export function useGroup(groupId: number) {
  return useQuery(groupQueryOptions(groupId));
}
