import type { AuthUser } from '../../../lib/api/get-current-user';
import { formatDisplayDate } from '../../../lib/format-date';
import { findPlan, planName, type Plan } from '../../../lib/plan-prices';
import { i18n } from '../../../i18n';

type SubscriptionFields = Pick<AuthUser, 'isSubscribed' | 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionStartDate' | 'subscriptionEndDate'>;

const STATUSES = ['active', 'pending', 'cancelled', 'expired'] as const;
type KnownStatus = (typeof STATUSES)[number];
const isKnown = (status: string): status is KnownStatus => (STATUSES as readonly string[]).includes(status);

/** A status in the interface language; one this client does not know, as the server wrote it. */
function statusLabel(status: string): string {
  return isKnown(status) ? i18n.t(`subscriptions:status.${status}`) : status;
}

export type StatusColor = 'success' | 'warning' | 'info' | 'default';

const STATUS_COLORS: Record<string, StatusColor> = {
  active: 'success',
  cancelled: 'warning',
  pending: 'info',
};

/** What the dashboard, the subscribe page and the profile say about a member's subscription. */
export interface SubscriptionSummary {
  /** Access lasts: active, or cancelled before its end date (the server decides). */
  hasAccess: boolean;
  status: string | null;
  statusLabel: string | null;
  statusColor: StatusColor;
  plan: Plan | null;
  /** The plan's name, or the raw id of a plan this client does not know. */
  planName: string | null;
  startDate: string | null;
  /** "Next renewal" while active, "Access until" once cancelled, "Expired on" after. */
  periodEnd: { label: string; date: string } | null;
  /** Only an active subscription can be cancelled; a cancelled one simply runs out. */
  canCancel: boolean;
}

const PERIOD_END_STATUSES = ['active', 'cancelled', 'expired'] as const;

function periodEndLabel(status: string | null): string | undefined {
  const known = PERIOD_END_STATUSES.find((candidate) => candidate === status);
  return known && i18n.t(`subscriptions:periodEnd.${known}`);
}

export function summarizeSubscription(user: SubscriptionFields): SubscriptionSummary {
  const status = user.subscriptionStatus;
  const plan = findPlan(user.subscriptionPlan);
  const endDate = formatDisplayDate(user.subscriptionEndDate);
  const endLabel = periodEndLabel(status);
  return {
    hasAccess: user.isSubscribed,
    status,
    statusLabel: status ? statusLabel(status) : null,
    statusColor: (status && STATUS_COLORS[status]) || 'default',
    plan,
    planName: plan ? planName(plan) : user.subscriptionPlan,
    startDate: formatDisplayDate(user.subscriptionStartDate),
    periodEnd: endLabel && endDate ? { label: endLabel, date: endDate } : null,
    canCancel: user.isSubscribed && status === 'active',
  };
}
