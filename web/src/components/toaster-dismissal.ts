import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { dismissToast, type ToastRecord } from '../lib/toast-store';

/** A toast raised this shortly before a navigation announces it (a redirect after sign-in, after accepting): it goes along. */
export const NAVIGATION_GRACE_MS = 1000;

/**
 * A toast speaks of the screen it was shown on: leaving that page closes it ('Topic created
 * successfully!' must not outlive the topic). One raised together with the navigation ('Topic
 * deleted' on the way back to the group) arrives with the new location and stays, as does one
 * shown for less than NAVIGATION_GRACE_MS before it.
 */
export function useDismissOnNavigation(toasts: readonly ToastRecord[], now: () => number = Date.now): void {
  const [location] = useLocation();
  // The toasts open at the current location, with when each was first seen there.
  const seen = useRef({ location, since: new Map<string, number>() });
  useEffect(() => {
    if (seen.current.location !== location) {
      const cutoff = now() - NAVIGATION_GRACE_MS;
      const carried = new Map(
        [...seen.current.since].filter(([id, since]) => {
          if (since > cutoff) return true;
          dismissToast(id);
          return false;
        }),
      );
      seen.current = { location, since: carried };
    }
    for (const toast of toasts) if (toast.open && !seen.current.since.has(toast.id)) seen.current.since.set(toast.id, now());
  }, [location, toasts, now]);
}

/** Whether a click lands on a tab that is not the current one (any tab list: the landing's sign-in tabs, profile, admin). */
function isTabSwitch(target: EventTarget | null): boolean {
  const tab = target instanceof Element ? target.closest('[role="tab"]') : null;
  return tab !== null && tab.getAttribute('aria-selected') !== 'true';
}

/**
 * Switching tabs changes what the toast was about ('Login failed' must not stay over Create
 * Account), without a navigation. Watched on the document, before the tab's own handler, so a
 * toast the new tab raises is not the one closed.
 */
export function useDismissOnTabSwitch(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isTabSwitch(event.target)) dismissToast();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
