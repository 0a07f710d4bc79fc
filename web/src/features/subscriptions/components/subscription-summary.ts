import type { AuthUser } from '../../../lib/api/get-current-user';
import { formatDisplayDate } from '../../../lib/format-date';
import { findPlan, type Plan } from '../../../lib/plan-prices';

type SubscriptionFields = Pick<
  AuthUser,
  'isSubscribed' | 'subscriptionStatus' | 'subscriptionPlan' | 'subscriptionStartDate' | 'subscriptionEndDate'
>;

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

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

const PERIOD_END_LABELS: Record<string, string> = {
  active: 'Next renewal',
  cancelled: 'Access until',
  expired: 'Expired on',
};

export function summarizeSubscription(user: SubscriptionFields): SubscriptionSummary {
  const status = user.subscriptionStatus;
  const plan = findPlan(user.subscriptionPlan);
  const endDate = formatDisplayDate(user.subscriptionEndDate);
  const endLabel = status ? PERIOD_END_LABELS[status] : undefined;
  return {
    hasAccess: user.isSubscribed,
    status,
    statusLabel: status ? (STATUS_LABELS[status] ?? status) : null,
    statusColor: (status && STATUS_COLORS[status]) || 'default',
    plan,
    planName: plan?.name ?? user.subscriptionPlan,
    startDate: formatDisplayDate(user.subscriptionStartDate),
    periodEnd: endLabel && endDate ? { label: endLabel, date: endDate } : null,
    canCancel: user.isSubscribed && status === 'active',
  };
}
