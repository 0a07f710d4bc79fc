import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupStats } from '@civitas/events/groups/group.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';

export { GroupStats };

export async function fetchGroupStats(groupId: number, signal?: AbortSignal): Promise<GroupStats> {
  const url = `/api/groups/${groupId}/stats`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, GroupStats, `GET ${url}`);
}

export function groupStatsQueryOptions(groupId: number) {
  return queryOptions({
    // Under the group's key, so invalidating ['/api/groups'] refreshes it too.
    queryKey: ['/api/groups', groupId, 'stats'],
    queryFn: ({ signal }) => fetchGroupStats(groupId, signal),
  });
}

export function useGroupStats(groupId: number) {
  return useQuery(groupStatsQueryOptions(groupId));
}
