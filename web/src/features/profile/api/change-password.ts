import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ChangePasswordBody, ChangePasswordReply } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { accountSecurityQueryOptions } from './get-account-security';

const CHANGE_PASSWORD_URL = '/api/user/password';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** The Settings form: the contract's rules, and the new password typed twice (the confirmation rule of docs/product.md, Rules). */
export const ChangePasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine((form) => form.newPassword === form.confirmPassword, {
  error: PASSWORDS_DONT_MATCH,
  path: ['confirmPassword'],
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

/** POST /api/user/password: the current password, then the new one; the member's other sessions end. */
export async function changePassword(body: ChangePasswordBody): Promise<ChangePasswordReply> {
  const response = await apiRequest('POST', CHANGE_PASSWORD_URL, body);
  return parseResponse(response, ChangePasswordReply, `POST ${CHANGE_PASSWORD_URL}`);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      toast({ title: i18n.t('profile:toasts.passwordChanged'), description: reply.message });
      // The other sessions ended: the dialog's list is read again (the form need not wait for it).
      void queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions().queryKey });
    },
  });
}
