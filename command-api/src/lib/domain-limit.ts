import { TooManyRequestsError } from '@civitas/events';

/** Hit counters shared by every process (RateLimitCounters, in PostgreSQL). */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/**
 * A limit the deciding rule counts itself, so it counts only what would be stored (docs/decisions.md,
 * Route policies: domain limits). `counter` prefixes the counter's key, `name` is the limiter the
 * security log names.
 */
export interface DomainLimit {
  readonly counter: string;
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
  readonly message: string;
}

export const HOUR_MS = 3_600_000;

/** Counts one more for `key`; past the limit, the one error type with the seconds left in the window. */
export async function countAgainst(counters: HitCounter, limit: DomainLimit, key: string, max = limit.max): Promise<void> {
  const { current, ttl } = await counters.hit(`${limit.counter}:${key}`, limit.windowMs);
  if (current > max) throw new TooManyRequestsError(limit.message, Math.max(1, Math.ceil(ttl / 1000)), limit.name);
}
