import { useQueryClient } from '@tanstack/react-query';
import { navigateFullPage } from '../../../lib/navigation';
import { carryPositionOverReload } from '../../../lib/read-position';
import { takeReturnAfterSignIn } from '../../../lib/return-after-sign-in';
import { toast } from '../../../lib/toast-store';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';

/**
 * After a successful login or registration (docs/product.md, Calls): say so, refresh the current
 * user, and reload at / so every screen starts from the new session; a visitor who was asked
 * to sign in by an invitation reloads on that invitation instead.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return async (title: string, description: string) => {
    // Taken before the user is refreshed, so nothing on the way follows it a second time.
    const destination = takeReturnAfterSignIn() ?? '/';
    toast({ title, description });
    await refreshCurrentUser(queryClient);
    // The reloaded page must still see the account the server just wrote.
    carryPositionOverReload();
    navigateFullPage(destination);
  };
}
