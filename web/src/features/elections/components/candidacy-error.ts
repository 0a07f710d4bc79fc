import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';

/**
 * Spec section 8, candidacy: the server's message is matched, not shown, for the two known
 * refusals; anything else is 'Failed to Register Candidacy' with the server's own words.
 */
export function toastCandidacyError(error: unknown): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  const message = serverMessage(error) ?? '';
  if (message.includes('Subscription required')) {
    toast({ title: 'Failed to Register', description: 'You need a Civic Participation subscription to run as a candidate.', variant: 'destructive' });
  } else if (message.includes('already registered')) {
    toast({ title: 'Failed to Register', description: 'You are already running as a candidate in this election.', variant: 'destructive' });
  } else {
    toast({ title: 'Failed to Register Candidacy', description: message || undefined, variant: 'destructive' });
  }
}
