import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AuthUser, SIGNED_IN_HINT_COOKIE } from '@civitas/events/identity/auth-user';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { errorStatus } from '../server-message';

export const CURRENT_USER_URL = '/api/auth/user';

// The contract GET /api/auth/user answers with, shared with the query API: one
// definition, so the two cannot drift. Plain zod, safe for the browser bundle.
export { AuthUser };

/** Whether the server marked this browser as holding a session (the session cookie itself is HttpOnly). */
export function mayBeSignedIn(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/** A session that ended on the server (expired, or ended by a sign-in elsewhere) leaves its marker behind. */
function forgetSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * The signed-in member, or null for a visitor. The server answers visitors 401 (docs/product.md,
 * Calls), which the browser logs as a failed request: without the signed-in marker there is no
 * session to ask about, so a visitor's page load sends nothing.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  if (!mayBeSignedIn()) return null;
  let response: Response;
  try {
    response = await apiRequest('GET', CURRENT_USER_URL, undefined, { signal });
  } catch (error) {
    if (errorStatus(error) === 401) {
      forgetSignedInHint();
      return null;
    }
    throw error;
  }
  return parseResponse(response, AuthUser, `GET ${CURRENT_USER_URL}`);
}

/**
 * docs/product.md, Calls: retried once, fresh for 5 s, never refetched on focus, mount or
 * reconnect; sign-in and registration refresh it explicitly. Asked even while the browser says it
 * is offline (networkMode 'always'): the failure is what tells the page it cannot reach us.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: [CURRENT_USER_URL],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    networkMode: 'always',
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
    user: query.data ?? null,
    // Only a 401 says there is no session (fetchCurrentUser answers null): a read that found no
    // server, or a server that failed, says nothing about it (docs/decisions.md, "Failures are not
    // sign-outs"). No toast either way, as docs/product.md, Messages asks. A session read once
    // stays while a refresh fails.
    sessionUnknown: query.isError && query.data === undefined,
  };
}

export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
}
