import { QueryClient } from '@tanstack/react-query';
import { navigateFullPage } from './navigation';
import { POSITION_HEADER, positionHeaders, recordPosition } from './read-position';
import { rememberReturnAfterSignIn } from './return-after-sign-in';
import { toast } from './toast-store';
import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from './ui-constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error rule of docs/product.md, Messages: "<status>: <body text>", or the status text when the body is empty. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new Error(`${response.status}: ${bodyText || response.statusText}`);
}

const CATCH_UP_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 2000;

const isCatchingUp = (response: Response) => response.status === 503 && response.headers.has('Retry-After');

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : MAX_RETRY_AFTER_MS;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Commands answer `{ position, ... }`; remember it so later reads see our own write. */
async function rememberCommandPosition(response: Response): Promise<void> {
  let body: unknown;
  try {
    // A clone, so the caller can still read the body.
    const text = await response.clone().text();
    if (!text) return;
    body = JSON.parse(text);
  } catch {
    return; // Not JSON: this command carries no position.
  }
  if (typeof body === 'object' && body !== null && 'position' in body && typeof body.position === 'string') {
    recordPosition(body.position);
  }
}

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  // An upload goes as multipart: the browser writes its Content-Type with the boundary.
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = {
    ...(isRead(method) ? positionHeaders() : {}),
    ...(hasBody && !isForm ? { 'Content-Type': 'application/json' } : {}),
    // A caller's own headers, e.g. a vote's Idempotency-Key.
    ...options.headers,
  };
  const send = () =>
    fetch(url, {
      method,
      headers,
      body: isForm ? body : hasBody ? JSON.stringify(body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  let response = await send();
  // A read that waited for our own write answers 503 with Retry-After while the read models catch
  // up (read-your-writes): the server asks to be asked again shortly, so ask, a few times.
  for (let attempt = 1; isRead(method) && POSITION_HEADER in headers && isCatchingUp(response) && attempt <= CATCH_UP_RETRIES; attempt += 1) {
    await delay(retryAfterMs(response), options.signal);
    response = await send();
  }
  await throwIfNotOk(response);
  if (!isRead(method)) await rememberCommandPosition(response);
  return response;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

const currentPath = () => window.location.pathname + window.location.search;

/**
 * The answer to a lost session (docs/product.md, Messages): say so, then sign in again with a full page load
 * (sign-in is a server route). Returns a cancel for the pending navigation, so an effect
 * that React runs twice (StrictMode) navigates once.
 */
export function handleUnauthorized(navigate: (url: string) => void = navigateFullPage, returnTo = currentPath()): () => void {
  // Signed in again, the member comes back here (issue #32, context kept).
  rememberReturnAfterSignIn(returnTo);
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  const timer = setTimeout(() => navigate(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
}

/** The fetching defaults of docs/product.md, Calls: server data changes only through our own commands and live notices. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
