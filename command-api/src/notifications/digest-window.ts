import type { DigestPeriod } from './notification-mail-texts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a window is, and how far back a first digest, or one after a long outage, reaches at most. */
export const PERIODS: Record<DigestPeriod, { lengthMs: number; catchUpMs: number }> = {
  daily: { lengthMs: DAY_MS, catchUpMs: 7 * DAY_MS },
  weekly: { lengthMs: 7 * DAY_MS, catchUpMs: 28 * DAY_MS },
};

/** Weekly digests go on Mondays (getUTCDay). */
export const WEEKLY_DIGEST_DAY = 1;

/**
 * The end of the newest window due at `now`: the daily digest's hour (UTC) today or yesterday; the
 * weekly one's the same hour of the latest Monday. Every run of a window, late or repeated, names
 * the same end, so it claims the same digests.
 */
export function digestWindowEnd(period: DigestPeriod, now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  let end = today > now.getTime() ? today - DAY_MS : today;
  if (period === 'weekly') end -= ((new Date(end).getUTCDay() - WEEKLY_DIGEST_DAY + 7) % 7) * DAY_MS;
  return new Date(end);
}
