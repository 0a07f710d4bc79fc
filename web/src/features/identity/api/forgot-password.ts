import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { emailField } from './credentials';

const FORGOT_PASSWORD_URL = '/api/email-auth/forgot-password';

/** The same answer whether or not the account exists, so it reveals nothing (docs/product.md, Messages). */
export const FORGOT_PASSWORD_SUCCESS_TEXT = 'If an account with this email exists, you will receive a password reset link shortly.';

export const ForgotPasswordInput = z.object({
  email: z.string().trim().pipe(emailField),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ForgotPasswordResponse = z.object({
  message: z.string(),
  /** Only while the server has no mail transport (local use): the link the e-mail would carry. */
  resetUrl: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<ForgotPasswordResponse> {
  const response = await apiRequest('POST', FORGOT_PASSWORD_URL, input);
  return parseResponse(response, ForgotPasswordResponse, `POST ${FORGOT_PASSWORD_URL}`);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
