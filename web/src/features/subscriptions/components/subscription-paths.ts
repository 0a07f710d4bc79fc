// Client routes of the subscription screens, and the addresses handed to the server.

export const SUBSCRIBE_PATH = '/subscribe';
/**
 * The provider sends the member back here. Handed to the server as a path: it keeps only
 * paths and sends members back on its public origin, whatever host this page came from.
 */
export const SUBSCRIPTION_RETURN_PATH = '/subscribe/return';

/**
 * Where to go once a sandbox payment is done: the return address the server holds,
 * naming the payment so the return page can read its outcome. Only an address on our
 * own origin is followed (the server checks it too, but a redirect is worth checking
 * twice); anything else falls back to our own return page.
 */
export function returnTarget(returnUrl: string, paymentId: string): string {
  let target: URL;
  try {
    target = new URL(returnUrl, window.location.origin);
  } catch {
    target = new URL(SUBSCRIPTION_RETURN_PATH, window.location.origin);
  }
  if (target.origin !== window.location.origin) target = new URL(SUBSCRIPTION_RETURN_PATH, window.location.origin);
  if (!target.searchParams.has('paymentId')) target.searchParams.set('paymentId', paymentId);
  return target.href;
}
