import { useQueryClient } from '@tanstack/react-query';
import { navigateFullPage } from '../../../lib/navigation';
import { carryPositionOverReload } from '../../../lib/read-position';
import { toast } from '../../../lib/toast-store';
import { refreshCurrentUser } from '../api/get-current-user';

/**
 * After a successful login or registration (spec section 7): say so, refresh the current
 * user, and reload at / so every screen starts from the new session.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return async (title: string, description: string) => {
    toast({ title, description });
    await refreshCurrentUser(queryClient);
    // The reloaded page must still see the account the server just wrote.
    carryPositionOverReload();
    navigateFullPage('/');
  };
}
