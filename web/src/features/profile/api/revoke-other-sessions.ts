import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RevokeOtherSessionsReply } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { accountSecurityQueryOptions } from './get-account-security';

const REVOKE_OTHER_SESSIONS_URL = '/api/user/sessions/revoke-others';

/** Ends every session of the member but this one (their sockets close too). */
export async function revokeOtherSessions(): Promise<RevokeOtherSessionsReply> {
  const response = await apiRequest('POST', REVOKE_OTHER_SESSIONS_URL);
  return parseResponse(response, RevokeOtherSessionsReply, `POST ${REVOKE_OTHER_SESSIONS_URL}`);
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: async (reply) => {
      toast({ title: i18n.t('profile:toasts.signedOutOthers'), description: reply.message });
      await queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions().queryKey });
    },
    onError: (error) => toastCommandError(error, i18n.t('profile:toasts.signOutOthersFailed'), i18n.t('profile:toasts.tryAgain')),
  });
}
