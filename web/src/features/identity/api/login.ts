import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { SignedInUser } from './signed-in-user';

const LOGIN_URL = '/api/email-auth/login';

export interface LoginInput {
  email: string;
  password: string;
}

export const LoginResponse = z.object({
  user: SignedInUser,
  // Null when signing in appended no event: then there is no write for reads to wait for.
  position: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await apiRequest('POST', LOGIN_URL, input);
  return parseResponse(response, LoginResponse, `POST ${LOGIN_URL}`);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
