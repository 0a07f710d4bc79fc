import { useEffect, useState } from 'react';

/**
 * The token of a mailed link (/<page>/<token>), kept from the first render while the address bar
 * drops it at once, so it lingers in no history, bookmark or screenshot.
 */
export function useTokenFromAddress(tokenInPath: string | undefined, pagePath: string): string | null {
  const [token] = useState(() => tokenInPath ?? null);
  useEffect(() => {
    if (tokenInPath) window.history.replaceState(window.history.state, '', pagePath);
  }, [tokenInPath, pagePath]);
  return token;
}
