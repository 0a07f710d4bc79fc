import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ConfirmVerificationReply, LeaderVerificationItem } from '@civitas/events/verification/verification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY, LEADER_VERIFICATIONS_KEY } from './verification-keys';

export type { LeaderVerificationItem };

const URL = '/api/leader/verifications';

export async function fetchLeaderVerifications(signal?: AbortSignal): Promise<LeaderVerificationItem[]> {
  const response = await apiRequest('GET', URL, undefined, { signal });
  return parseResponse(response, z.array(LeaderVerificationItem), `GET ${URL}`);
}

/** GET /api/leader/verifications: pending claims of the countries whose National group the member leads. */
export function useLeaderVerifications() {
  return useQuery(queryOptions({ queryKey: LEADER_VERIFICATIONS_KEY, refetchOnMount: 'always', queryFn: ({ signal }) => fetchLeaderVerifications(signal) }));
}

export async function confirmVerification(id: string): Promise<ConfirmVerificationReply> {
  const url = `${URL}/${encodeURIComponent(id)}/confirm`;
  const response = await apiRequest('POST', url);
  return parseResponse(response, ConfirmVerificationReply, `POST ${url}`);
}

export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmVerification,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: LEADER_VERIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
