import { IDEMPOTENCY_KEY_HEADER } from '@civitas/events/voting/vote.contract';

/**
 * A fresh key per click, so a retried request counts once. crypto.randomUUID exists only in
 * secure contexts (HTTPS, localhost); getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key header of one submission of a command that creates something: made once
 * per call of its fetcher, so every send of that call carries the same key and a new submission a
 * new one (docs/decisions.md, Idempotency-Key).
 */
export function idempotencyHeaders(): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
}
