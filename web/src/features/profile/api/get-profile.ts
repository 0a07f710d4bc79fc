import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileView } from '@civitas/events/profiles/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { ProfileView };

export const PROFILE_URL = '/api/user/profile';

/** The signed-in member's own profile page: profile, badges, verified nationality, stats and achievements. */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileView> {
  const response = await apiRequest('GET', PROFILE_URL, undefined, { signal });
  return parseResponse(response, ProfileView, `GET ${PROFILE_URL}`);
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: [PROFILE_URL],
    // Votes, topics and elections elsewhere change the stats and badges: each visit reads them again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
