import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { newPasswordField, PASSWORDS_DONT_MATCH } from './credentials';

const RESET_PASSWORD_URL = '/api/email-auth/reset-password';

/** The reset-password schema of docs/product.md, Rules. */
export const ResetPasswordInput = z
  .object({
    token: z.string().min(1, { error: 'Token is required' }),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((input) => input.password === input.confirmPassword, {
    error: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const ResetPasswordResponse = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

export async function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordResponse> {
  const response = await apiRequest('POST', RESET_PASSWORD_URL, input);
  return parseResponse(response, ResetPasswordResponse, `POST ${RESET_PASSWORD_URL}`);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
