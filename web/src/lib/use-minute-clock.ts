import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The time now, read again each minute and at `deadline` itself (a countdown turns into 'Counting…'
 * when the time is up, not up to a minute later).
 */
export function useMinuteClock(deadline?: string): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const end = deadline === undefined ? NaN : Date.parse(deadline);
    const untilEnd = end - now.getTime();
    const wait = Number.isFinite(untilEnd) && untilEnd > 0 && untilEnd < MINUTE_MS ? untilEnd : MINUTE_MS;
    const timer = setTimeout(() => setNow(new Date()), wait);
    return () => clearTimeout(timer);
  }, [now, deadline]);
  return now;
}
