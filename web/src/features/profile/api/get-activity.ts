import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ActivityPage } from '@civitas/events/profiles/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { ActivityPage };

export const ACTIVITY_URL = '/api/user/activity';

export async function fetchActivity(before: string | null, signal?: AbortSignal): Promise<ActivityPage> {
  const url = before ? `${ACTIVITY_URL}?before=${encodeURIComponent(before)}` : ACTIVITY_URL;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, ActivityPage, `GET ${ACTIVITY_URL}`);
}

export function activityQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [ACTIVITY_URL],
    // What the member did elsewhere since: each visit reads the newest page again.
    refetchOnMount: 'always',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchActivity(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useActivity() {
  return useInfiniteQuery(activityQueryOptions());
}
