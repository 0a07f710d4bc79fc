import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigateFullPage } from '../../../lib/navigation';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import { LOGOUT_PATH } from '../../../lib/auth-paths';

/** Ends the session, then reloads at / so every screen starts signed out. */
export async function signOut(): Promise<void> {
  await apiRequest('POST', LOGOUT_PATH);
  navigateFullPage('/');
}

export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onError: (error) => toast({ title: 'Logout failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
}
