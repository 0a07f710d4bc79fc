import { useQuery } from '@tanstack/react-query';
import { SignInProviders } from '@civitas/events/identity/auth-user';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

const SIGN_IN_PROVIDERS_URL = '/api/auth/providers';

export type SignInProvider = SignInProviders['providers'][number];

export async function fetchSignInProviders(signal?: AbortSignal): Promise<SignInProvider[]> {
  const response = await apiRequest('GET', SIGN_IN_PROVIDERS_URL, undefined, { signal });
  return (await parseResponse(response, SignInProviders, `GET ${SIGN_IN_PROVIDERS_URL}`)).providers;
}

/** The providers this server is registered with: the landing page offers only those. */
export function useSignInProviders() {
  return useQuery({ queryKey: [SIGN_IN_PROVIDERS_URL], queryFn: ({ signal }) => fetchSignInProviders(signal) });
}
