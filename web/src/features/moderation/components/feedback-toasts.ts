import { REPORT_DETAILS_REQUIRED, REPORT_TYPE_REQUIRED, SUGGESTION_INCOMPLETE } from '@civitas/events/moderation/feedback.contract';
import type { z } from 'zod';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';

const INCOMPLETE = new Set<string>([REPORT_TYPE_REQUIRED, REPORT_DETAILS_REQUIRED, SUGGESTION_INCOMPLETE]);

/**
 * A form the contract refuses, said before anything is sent: 'Incomplete Form' with the
 * words of docs/product.md, Rules, when something is missing, else the refusal under the form's failure title.
 */
export function toastRefusedForm(error: z.ZodError, failureTitle: string): void {
  const message = error.issues[0]?.message ?? '';
  if (INCOMPLETE.has(message)) toast({ title: i18n.t('moderation:common.incompleteForm'), description: message, variant: 'destructive' });
  else toast({ title: failureTitle, description: message, variant: 'destructive' });
}

/**
 * A refusal docs/product.md words as "Title: description" (Rules, Admin), shown as such a toast
 * before anything is sent.
 */
export function toastSpecRefusal(message: string): void {
  const [title, ...rest] = message.split(': ');
  toast({ title, description: rest.join(': ') || undefined, variant: 'destructive' });
}
