// A visitor who opens an invitation and signs in should come back to it. Sign-in ends with a
// full reload at / (docs/product.md, Screens), so the way back is kept in this tab's session storage and
// taken once the member lands on /.
const RETURN_KEY = 'civitas.return-after-sign-in';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Only paths of this site: never a full URL or a protocol-relative one (no open redirect). */
const isLocalPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export function rememberReturnAfterSignIn(path: string): void {
  if (!isLocalPath(path)) return;
  try {
    sessionStore()?.setItem(RETURN_KEY, path);
  } catch {
    // Storage blocked: the member lands on the dashboard, as without this.
  }
}

export function takeReturnAfterSignIn(): string | null {
  try {
    const store = sessionStore();
    const path = store?.getItem(RETURN_KEY) ?? null;
    store?.removeItem(RETURN_KEY);
    return path !== null && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}
