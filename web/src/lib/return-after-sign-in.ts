// Ways back across a full page load. Sign-in ends with a full reload at / (docs/product.md,
// Screens) and a payment leaves for the provider's page: what the member was doing is kept in this
// tab's session storage and taken once, on arrival (issue #32, "context kept").
const RETURN_AFTER_SIGN_IN = 'civitas.return-after-sign-in';
const RETURN_AFTER_SUBSCRIBE = 'civitas.return-after-subscribe';
const ACCOUNT_DELETED = 'civitas.account-deleted';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Only paths of this site: never a full URL or a protocol-relative one (no open redirect). */
const isLocalPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

function keep(key: string, value: string): void {
  try {
    sessionStore()?.setItem(key, value);
  } catch {
    // Storage blocked: the member lands where they would without this.
  }
}

function take(key: string): string | null {
  try {
    const store = sessionStore();
    const value = store?.getItem(key) ?? null;
    store?.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

function takePath(key: string): string | null {
  const path = take(key);
  return path !== null && isLocalPath(path) ? path : null;
}

export function rememberReturnAfterSignIn(path: string): void {
  if (isLocalPath(path)) keep(RETURN_AFTER_SIGN_IN, path);
}

export function takeReturnAfterSignIn(): string | null {
  return takePath(RETURN_AFTER_SIGN_IN);
}

/** Read without taking: the sign-in panel shows the invitation the member will come back to. */
export function pendingReturnAfterSignIn(): string | null {
  try {
    const path = sessionStore()?.getItem(RETURN_AFTER_SIGN_IN) ?? null;
    return path !== null && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** The page a member left for the plans from (a group, a topic): the payment's outcome leads back to it. */
export function rememberReturnAfterSubscribe(path: string): void {
  if (isLocalPath(path) && !path.startsWith('/subscribe') && !path.startsWith('/checkout')) keep(RETURN_AFTER_SUBSCRIBE, path);
}

/** Read without taking: the outcome page shows it until the member goes on. */
export function returnAfterSubscribe(): string | null {
  try {
    const path = sessionStore()?.getItem(RETURN_AFTER_SUBSCRIBE) ?? null;
    return path !== null && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnAfterSubscribe(): void {
  take(RETURN_AFTER_SUBSCRIBE);
}

/** The erasure's full reload lands signed out: the landing page says, once, that the account is gone. */
export function noteAccountDeleted(): void {
  keep(ACCOUNT_DELETED, '1');
}

export function takeAccountDeletedNote(): boolean {
  return take(ACCOUNT_DELETED) === '1';
}
