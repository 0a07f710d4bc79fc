import { lazy } from 'react';

let loading: Promise<typeof import('./email-forms')> | undefined;

/** Fetches the e-mail forms' chunk once; later calls share the same download. */
export function preloadEmailForms() {
  loading ??= import('./email-forms').catch((error: unknown) => {
    // A failed download (e.g. offline) may be retried on the next hover or click.
    loading = undefined;
    throw error;
  });
  return loading;
}

export const EmailAuthCard = lazy(() => preloadEmailForms().then((m) => ({ default: m.EmailAuthCard })));
export const ForgotPasswordView = lazy(() => preloadEmailForms().then((m) => ({ default: m.ForgotPasswordView })));

/** Preloads when the browser is idle after the page has loaded, so a later click needs no download. */
export function preloadEmailFormsWhenIdle(): () => void {
  const preload = () => void preloadEmailForms().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(preload, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback.
  const id = setTimeout(preload, 2000);
  return () => clearTimeout(id);
}
