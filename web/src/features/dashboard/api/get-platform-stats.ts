import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformStats } from '@civitas/events/groups/group.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { PlatformStats };

const PLATFORM_STATS_URL = '/api/platform/stats';

export async function fetchPlatformStats(signal?: AbortSignal): Promise<PlatformStats> {
  const response = await apiRequest('GET', PLATFORM_STATS_URL, undefined, { signal });
  return parseResponse(response, PlatformStats, `GET ${PLATFORM_STATS_URL}`);
}

export function platformStatsQueryOptions() {
  return queryOptions({
    queryKey: [PLATFORM_STATS_URL],
    queryFn: ({ signal }) => fetchPlatformStats(signal),
  });
}

export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}
