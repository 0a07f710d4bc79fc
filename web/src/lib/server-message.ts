// The api client turns a failed response into an Error "<status>: <body text>" (docs/product.md,
// Messages). Forms show the server's own words, which the body carries as
// `{ "message": "..." }`; these helpers take that message apart again.

const ERROR_RULE = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an api-client error, or null for anything else (e.g. a network failure). */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = ERROR_RULE.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * The `message` of the JSON body of an api-client error, or null when there is none
 * (network failure, a proxy's HTML page, a body without a message), so the caller can
 * fall back to its own text.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = ERROR_RULE.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[2] ?? '');
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message.trim() || null;
    }
  } catch {
    // Not JSON: no message of the server's own.
  }
  return null;
}

/**
 * What a failed read means to a member (issue #32, docs/decisions.md "Failures are not sign-outs"):
 * the server could not be reached at all, it failed or was busy (5xx, 429), or it refused this
 * request for a reason of its own (another 4xx), which its message says.
 */
export type FailureKind = 'unreachable' | 'server' | 'refused';

export function failureKind(error: unknown): FailureKind {
  const status = errorStatus(error);
  // fetch rejects with a TypeError when nothing answered (offline, DNS, connection refused); a
  // gateway answers 502 or 504 when the API behind it is down: both are "cannot reach".
  if (status === null) return error instanceof TypeError ? 'unreachable' : 'server';
  if (status === 502 || status === 504) return 'unreachable';
  if (status >= 500 || status === 429) return 'server';
  return 'refused';
}
