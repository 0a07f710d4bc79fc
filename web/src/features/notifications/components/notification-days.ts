import { format, isSameDay, isValid, parseISO, subDays } from 'date-fns';
import { i18n } from '../../../i18n';
import { formatDisplayDate } from '../../../lib/format-date';
import type { NotificationItem } from '../api/get-notifications';

export interface NotificationDay {
  /** The local date, 'yyyy-MM-dd'. */
  key: string;
  label: string;
  items: NotificationItem[];
}

/** Items (newest first) in days of the reader's own time zone: 'Today', 'Yesterday', then dates in the interface language. */
export function groupByDay(items: readonly NotificationItem[], now: Date): NotificationDay[] {
  const days: NotificationDay[] = [];
  for (const item of items) {
    const date = parseISO(item.occurredAt);
    const key = isValid(date) ? format(date, 'yyyy-MM-dd') : '';
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, label: dayLabel(item.occurredAt, now), items: [item] });
  }
  return days;
}

function dayLabel(iso: string, now: Date): string {
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  if (isSameDay(date, now)) return i18n.t('notifications:page.today');
  if (isSameDay(date, subDays(now, 1))) return i18n.t('notifications:page.yesterday');
  return formatDisplayDate(iso) ?? '';
}
