import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AuthUser } from '@civitas/events/identity/auth-user';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { errorStatus } from '../server-message';

export const CURRENT_USER_URL = '/api/auth/user';

// The contract GET /api/auth/user answers with, shared with the query API: one
// definition, so the two cannot drift. Plain zod, safe for the browser bundle.
export { AuthUser };

/** The signed-in member, or null for a visitor (the server answers 401). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  let response: Response;
  try {
    response = await apiRequest('GET', CURRENT_USER_URL, undefined, { signal });
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
  return parseResponse(response, AuthUser, `GET ${CURRENT_USER_URL}`);
}

/**
 * Spec section 7: retried once, fresh for 5 s, never refetched on focus, mount or
 * reconnect; sign-in and registration refresh it explicitly.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: [CURRENT_USER_URL],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: 1,
    staleTime: 5000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return {
    ...query,
    // Spec section 8: an unsuccessful read (after its one retry) silently means no user.
    user: query.data ?? null,
  };
}

export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
}
