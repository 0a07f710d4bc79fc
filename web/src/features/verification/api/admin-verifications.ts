import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminVerificationItem, ReviewVerificationReply } from '@civitas/events/verification/verification.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY, ADMIN_VERIFICATIONS_KEY } from './verification-keys';

export type { AdminVerificationItem };

const URL = '/api/admin/verifications';

export async function fetchAdminVerifications(signal?: AbortSignal): Promise<AdminVerificationItem[]> {
  const response = await apiRequest('GET', URL, undefined, { signal });
  return parseResponse(response, z.array(AdminVerificationItem), `GET ${URL}`);
}

export const adminVerificationsQueryOptions = () =>
  // Members submit while the admin looks elsewhere: each visit to the panel reads the queue again.
  queryOptions({ queryKey: ADMIN_VERIFICATIONS_KEY, refetchOnMount: 'always', queryFn: ({ signal }) => fetchAdminVerifications(signal) });

/** GET /api/admin/verifications: pending claims, oldest first (admins only). */
export function useAdminVerifications() {
  return useQuery(adminVerificationsQueryOptions());
}

export type ReviewDecision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

export async function reviewVerification(review: ReviewDecision): Promise<ReviewVerificationReply> {
  const url = `${URL}/${encodeURIComponent(review.id)}/${review.decision}`;
  const response = await apiRequest('POST', url, review.decision === 'reject' ? { reason: review.reason } : undefined);
  return parseResponse(response, ReviewVerificationReply, `POST ${url}`);
}

/** Approve or reject; the queue and the audit trail are read again (section 7: refetched after each admin mutation). */
export function useReviewVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVerification,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_VERIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
