import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { emailField, newPasswordField, PASSWORDS_DONT_MATCH } from './credentials';
import { SignedInUser } from './signed-in-user';

const REGISTER_URL = '/api/email-auth/register';

/** The registration schema of docs/product.md, Rules: first and last name are required. */
export const RegisterInput = z
  .object({
    email: z.string().trim().pipe(emailField),
    password: newPasswordField,
    confirmPassword: z.string(),
    firstName: z.string().trim().min(1, { error: 'First name is required' }),
    lastName: z.string().trim().min(1, { error: 'Last name is required' }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    error: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof RegisterInput>;

export const RegisterResponse = z.object({
  user: SignedInUser,
  position: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export async function register(input: RegisterInput): Promise<RegisterResponse> {
  const response = await apiRequest('POST', REGISTER_URL, input);
  return parseResponse(response, RegisterResponse, `POST ${REGISTER_URL}`);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
