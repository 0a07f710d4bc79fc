import { i18n } from '../../../i18n';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';

/**
 * docs/product.md, Messages, candidacy: the server's message is matched, not shown, for the two known
 * refusals; anything else is 'Failed to Register Candidacy' with the server's own words.
 */
export function toastCandidacyError(error: unknown): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  const message = serverMessage(error) ?? '';
  if (message.includes('Subscription required')) {
    toast({
      title: i18n.t('elections:candidacyErrors.failedToRegister'),
      description: i18n.t('elections:candidacyErrors.needsSubscription'),
      variant: 'destructive',
    });
  } else if (message.includes('already registered')) {
    toast({
      title: i18n.t('elections:candidacyErrors.failedToRegister'),
      description: i18n.t('elections:candidacyErrors.alreadyRegistered'),
      variant: 'destructive',
    });
  } else {
    toast({ title: i18n.t('elections:candidacyErrors.failed'), description: message || undefined, variant: 'destructive' });
  }
}
