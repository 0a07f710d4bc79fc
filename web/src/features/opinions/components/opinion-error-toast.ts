import { i18n } from '../../../i18n';
import { errorStatus, serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';

const RESTRICTED = ['cannot post opinions', 'citizens'];

/** docs/product.md, Messages, opinion creation: its own words for a lost session and for observers. */
export function toastOpinionError(error: unknown): void {
  if (errorStatus(error) === 401) {
    toast({ title: i18n.t('opinions:errors.sessionExpired'), description: i18n.t('opinions:errors.sessionExpiredDescription'), variant: 'destructive' });
    return;
  }
  const message = serverMessage(error);
  const text = (message ?? (error instanceof Error ? error.message : '')).toLowerCase();
  if (RESTRICTED.some((words) => text.includes(words))) {
    toast({
      title: i18n.t('opinions:errors.restricted'),
      description: i18n.t('opinions:errors.restrictedDescription'),
      variant: 'destructive',
    });
    return;
  }
  toast({
    title: i18n.t('opinions:errors.failed'),
    description: message ?? i18n.t('opinions:errors.failedDescription'),
    variant: 'destructive',
  });
}
