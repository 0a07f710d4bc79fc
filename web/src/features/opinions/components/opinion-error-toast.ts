import { errorStatus, serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';

const RESTRICTED = ['cannot post opinions', 'citizens'];

/** Spec section 8, opinion creation: its own words for a lost session and for observers. */
export function toastOpinionError(error: unknown): void {
  if (errorStatus(error) === 401) {
    toast({ title: 'Session Expired', description: 'Please log in again to continue.', variant: 'destructive' });
    return;
  }
  const message = serverMessage(error);
  const text = (message ?? (error instanceof Error ? error.message : '')).toLowerCase();
  if (RESTRICTED.some((words) => text.includes(words))) {
    toast({
      title: 'Participation Restricted',
      description: 'Only verified citizens of this country can participate in this discussion.',
      variant: 'destructive',
    });
    return;
  }
  toast({
    title: 'Failed to Post Opinion',
    description: message ?? 'Please check your connection and try again.',
    variant: 'destructive',
  });
}
