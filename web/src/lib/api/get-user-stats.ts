import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserStats } from '@civitas/events/profiles/user-stats.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';

export { UserStats };

export const USER_STATS_URL = '/api/user/stats';

export async function fetchUserStats(signal?: AbortSignal): Promise<UserStats> {
  const response = await apiRequest('GET', USER_STATS_URL, undefined, { signal });
  return parseResponse(response, UserStats, `GET ${USER_STATS_URL}`);
}

export function userStatsQueryOptions() {
  return queryOptions({
    queryKey: [USER_STATS_URL],
    queryFn: ({ signal }) => fetchUserStats(signal),
  });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
