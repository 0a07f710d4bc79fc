import { handleUnauthorized, isUnauthorizedError } from './api-client';
import { serverMessage } from './server-message';
import { toast } from './toast-store';

/**
 * The messages for a failed command (docs/product.md, Messages): a lost session gets the
 * 'Unauthorized' toast and sign-in; anything else a destructive toast titled with those
 * words and described by the server's own message, or the screen's fallback text (if any).
 */
export function toastCommandError(error: unknown, title: string, fallback?: string): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}
