import { performance } from 'node:perf_hooks';

export const now = () => performance.now();
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Throughput {
  /** Units (events, rows) completed per second inside the measured window. */
  perSecond: number;
  units: number;
  seconds: number;
}

/**
 * Closed loop: `writers` concurrent loops call `operation` back to back for the warm-up and
 * then the measured window; only units completing inside the window count.
 */
export async function closedLoop(options: {
  writers: number;
  warmupSeconds: number;
  seconds: number;
  operation: (writer: number) => Promise<number>;
}): Promise<Throughput> {
  const start = now();
  const windowStart = start + options.warmupSeconds * 1000;
  const windowEnd = windowStart + options.seconds * 1000;
  let units = 0;
  const loop = async (writer: number) => {
    while (now() < windowEnd) {
      const done = await options.operation(writer);
      const at = now();
      if (at >= windowStart && at <= windowEnd) units += done;
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, writer) => loop(writer)));
  return { perSecond: units / options.seconds, units, seconds: options.seconds };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * Open loop: calls `fire(i)` for i = 0, 1, ... at `rate` per second for `seconds`, on
 * schedule whatever the previous calls are doing; resolves when every call has settled.
 */
export async function openLoop(rate: number, seconds: number, fire: (index: number) => Promise<void>): Promise<{ issued: number; seconds: number }> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = now();
  const pending: Promise<void>[] = [];
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
    while (issued < due) pending.push(fire(issued++));
    // Timers fire at ~1 ms granularity: calls due meanwhile go out together on the next tick,
    // which costs at most that jitter and never spins a core the database needs.
    await sleep(Math.max(1, start + issued * interval - now()));
  }
  const elapsed = (now() - start) / 1000;
  await Promise.all(pending);
  return { issued, seconds: elapsed };
}
