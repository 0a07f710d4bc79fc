import { PLANS, type PlanId } from '@civitas/events';
import { addMonths } from 'date-fns';

/** The end of a plan period that starts at `from` (calendar months, day clamped: Jan 31 → Feb 28). */
export function periodEnd(from: string, planId: PlanId): string {
  return addMonths(new Date(from), PLANS[planId].period === 'year' ? 12 : 1).toISOString();
}
