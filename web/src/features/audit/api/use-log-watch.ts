import { useEffect, useState } from 'react';
import type { LogWatch } from './log-watch';

/**
 * Checks the log once a visit, when the browser is idle (the check and its code load after the page,
 * never before it): null until then, and when the check could not run (it stays silent then).
 */
export function useLogWatch(): LogWatch | null {
  const [watch, setWatch] = useState<LogWatch | null>(null);
  useEffect(() => {
    let live = true;
    const start = () =>
      void import('./log-watch')
        .then(({ watchLog }) => watchLog())
        .then((result) => live && setWatch(result))
        .catch(() => undefined);
    // Safari has no requestIdleCallback: a short timer instead.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: 3000 });
      return () => {
        live = false;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = window.setTimeout(start, 1500);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, []);
  return watch;
}
