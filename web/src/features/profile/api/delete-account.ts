import { useMutation } from '@tanstack/react-query';
import { DeleteAccountReply } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { navigateFullPage } from '../../../lib/navigation';
import { parseResponse } from '../../../lib/parse-response';
import { noteAccountDeleted } from '../../../lib/return-after-sign-in';

const DELETE_ACCOUNT_URL = '/api/user';
/** Where the browser goes once the account is gone: the landing page, signed out. */
export const AFTER_DELETION_PATH = '/';

/** DELETE /api/user with the current password (none for an account without one: it needs a recent sign-in). */
export async function deleteAccount(password: string | undefined): Promise<DeleteAccountReply> {
  const response = await apiRequest('DELETE', DELETE_ACCOUNT_URL, password ? { password } : {});
  return parseResponse(response, DeleteAccountReply, `DELETE ${DELETE_ACCOUNT_URL}`);
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    // The session is gone with the account: a full reload at the landing page starts signed out.
    onSuccess: () => {
      noteAccountDeleted();
      navigateFullPage(AFTER_DELETION_PATH);
    },
  });
}
