import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VerifyIdentityBody, VerifyIdentityReply } from '@civitas/events/verification/verification.contract';
import { currentLanguage, i18n } from '../../../i18n';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { toastCommandError } from '../../../lib/command-error-toast';
import { countryName } from '../../../lib/country-name';
import { parseResponse } from '../../../lib/parse-response';
import { toast } from '../../../lib/toast-store';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';
import { groupsQueryOptions } from '../../../lib/api/get-groups';

export { VerifyIdentityBody };

const VERIFY_URL = '/api/user/verify';

/** The simple identity verification: the first nationality, approved at once. */
export async function verifyIdentity(body: VerifyIdentityBody): Promise<VerifyIdentityReply> {
  const response = await apiRequest('POST', VERIFY_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, VerifyIdentityReply, `POST ${VERIFY_URL}`);
}

/**
 * The toasts live here, not with the dialog: refreshing the member swaps the card or banner
 * that holds the dialog, which may unmount it before it would hear of the outcome.
 */
export function useVerifyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyIdentity,
    onSuccess: (_reply, body) => {
      toast({
        title: i18n.t('verification:toasts.completeTitle'),
        description: i18n.t('verification:toasts.complete', { country: countryName(body.country, currentLanguage()) }),
      });
      // A verified country changes the member and where they may participate.
      return Promise.all([refreshCurrentUser(queryClient), queryClient.invalidateQueries({ queryKey: groupsQueryOptions().queryKey })]);
    },
    onError: (error) => toastCommandError(error, i18n.t('verification:toasts.failedTitle'), i18n.t('verification:toasts.verifyFailed')),
  });
}
