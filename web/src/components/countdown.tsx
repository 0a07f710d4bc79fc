import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../lib/format-date';
import { formatTimeLeft } from '../lib/time-left';
import { useMinuteClock } from '../lib/use-minute-clock';

/**
 * A topic's or election's 'Closes in 3 days 4 hours', read again each minute, with the exact closing time as its tooltip;
 * nothing once the time is up (the page says what comes next). `wrap` dresses it, and goes with it.
 */
export function Countdown({ expiresAt, wrap = (countdown) => countdown }: { expiresAt: string; wrap?: (countdown: ReactNode) => ReactNode }) {
  const { t } = useTranslation('topics');
  const now = useMinuteClock(expiresAt);
  const left = formatTimeLeft(expiresAt, now);
  if (!left) return null;
  const exact = formatDisplayDateTime(expiresAt);
  return wrap(
    <time dateTime={expiresAt} title={exact ? t('timing.closesAt', { date: exact }) : undefined}>
      {t('timing.closesIn', { time: left })}
    </time>,
  );
}
