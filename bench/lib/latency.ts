import type { Position } from '@civitas/events';
import { ascending, percentile } from './measure';

export interface Latencies {
  p50: number;
  p99: number;
  count: number;
}

export function summarise(values: readonly number[]): Latencies {
  const sorted = ascending(values);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
}

export interface Append {
  position: Position;
  committedAt: number;
}

/** For each append, the first moment a position at or past its own was seen; positions arrive in order. */
export function lagsTo(
  appends: readonly Append[],
  seen: ReadonlyArray<{ position: Position; at: number }>,
  giveUpAt: number,
): { lags: number[]; early: number; missing: number } {
  let early = 0;
  let missing = 0;
  const lags = appends.map((append) => {
    let lo = 0;
    let hi = seen.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seen[mid]!.position >= append.position) hi = mid;
      else lo = mid + 1;
    }
    const match = seen[lo];
    if (!match) {
      missing += 1;
      return giveUpAt - append.committedAt; // a lower bound: never seen before the bench gave up
    }
    if (match.at < append.committedAt) early += 1; // the notice beat the append's own reply
    return Math.max(0, match.at - append.committedAt);
  });
  return { lags, early, missing };
}
