import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { VerificationView } from '@civitas/events/verification/verification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { MY_VERIFICATIONS_KEY, MY_VERIFICATIONS_URL } from './verification-keys';

export type { VerificationView };

/** GET /api/user/verifications: the member's own claims (pending, approved, rejected), oldest first. */
export async function fetchMyVerifications(signal?: AbortSignal): Promise<VerificationView[]> {
  const response = await apiRequest('GET', MY_VERIFICATIONS_URL, undefined, { signal });
  return parseResponse(response, z.array(VerificationView), `GET ${MY_VERIFICATIONS_URL}`);
}

export function myVerificationsQueryOptions() {
  return queryOptions({
    queryKey: MY_VERIFICATIONS_KEY,
    // A review happens without us: each opening of the manager reads the claims again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchMyVerifications(signal),
  });
}

export function useMyVerifications() {
  return useQuery(myVerificationsQueryOptions());
}
