import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';

const VERIFY_EMAIL_URL = '/api/email-auth/verify-email';

export const VerifyEmailResponse = z.object({ message: z.string(), position: z.string().nullable() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const response = await apiRequest('POST', VERIFY_EMAIL_URL, { token });
  return parseResponse(response, VerifyEmailResponse, `POST ${VERIFY_EMAIL_URL}`);
}

/** Follows the mailed link; a signed-in member's banner goes once the member is read again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => refreshCurrentUser(queryClient) });
}
