import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RemoveVerificationReply, VerifyIdentityReply } from '@civitas/events/verification/verification.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';
import { groupsQueryOptions } from '../../../lib/api/get-groups';
import { parseResponse } from '../../../lib/parse-response';
import { MY_VERIFICATIONS_KEY, MY_VERIFICATIONS_URL } from './verification-keys';

export interface VerificationClaim {
  country: string;
  nationalId: string;
  /** Required for every nationality but the first (sent as multipart). */
  documentImage: File | null;
}

/** POST /api/user/verifications: JSON for a first nationality, multipart with the document image otherwise (docs/product.md, Calls). */
export async function submitVerification({ country, nationalId, documentImage }: VerificationClaim): Promise<VerifyIdentityReply> {
  let body: unknown = { country, nationalId };
  if (documentImage) {
    const form = new FormData();
    form.set('country', country);
    form.set('nationalId', nationalId);
    form.set('documentImage', documentImage, documentImage.name);
    body = form;
  }
  const response = await apiRequest('POST', MY_VERIFICATIONS_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, VerifyIdentityReply, `POST ${MY_VERIFICATIONS_URL}`);
}

/** DELETE /api/user/verifications/<id>: one of the member's own claims. */
export async function removeVerification(id: string): Promise<RemoveVerificationReply> {
  const url = `${MY_VERIFICATIONS_URL}/${encodeURIComponent(id)}`;
  const response = await apiRequest('DELETE', url);
  return parseResponse(response, RemoveVerificationReply, `DELETE ${url}`);
}

/** A claim changes the member's list, and (approved or removed) the member and where they may take part. */
const refreshAfterClaim = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_VERIFICATIONS_KEY }),
    refreshCurrentUser(queryClient),
    queryClient.invalidateQueries({ queryKey: groupsQueryOptions().queryKey }),
  ]);

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitVerification, onSuccess: () => refreshAfterClaim(queryClient) });
}

export function useRemoveVerification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeVerification, onSuccess: () => refreshAfterClaim(queryClient) });
}
