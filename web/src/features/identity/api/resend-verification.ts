import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

const RESEND_VERIFICATION_URL = '/api/email-auth/resend-verification';

export const ResendVerificationResponse = z.object({ message: z.string() });
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>;

/** A new verification link for the signed-in member; earlier links stop working. */
export async function resendVerification(): Promise<ResendVerificationResponse> {
  const response = await apiRequest('POST', RESEND_VERIFICATION_URL);
  return parseResponse(response, ResendVerificationResponse, `POST ${RESEND_VERIFICATION_URL}`);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
