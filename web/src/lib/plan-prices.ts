import { PLAN_IDS, PLANS, type PlanId } from '@civitas/events/subscriptions/plans';

// Every page quotes the plans from the one shared definition (DECISIONS.md: the plan
// cards are the truth), so no page can drift to another price.

export type Plan = (typeof PLANS)[PlanId];
type Currency = keyof Plan['prices'];

const CURRENCIES: Currency[] = ['USD', 'SAR', 'EUR'];

/** "USD 5", "SAR 18.75", "SAR 187.50": whole amounts bare, others with cents. */
export function formatAmount(currency: Currency, amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** "USD 5 / SAR 18.75 / EUR 4.75 per month" */
export function formatPlanPrices(plan: Plan): string {
  const amounts = CURRENCIES.map((currency) => formatAmount(currency, plan.prices[currency]));
  return `${amounts.join(' / ')} per ${plan.period}`;
}

/** "$5": the dashboard's short quote (spec: "$5 per month"). */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/**
 * A charge stored in integer minor units, as a receipt shows it: "SAR 18.75",
 * "SAR 187.50". The currency's own number of decimals, not a guessed 2.
 */
export function formatMinorUnits(amount: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals, as most currencies have.
  }
  const major = amount / 10 ** digits;
  return `${currency} ${major.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** What the Civic Participation plan unlocks (spec section 1). */
export const PLAN_FEATURES = [
  'National and international participation',
  'Business groups',
  'Running as a candidate',
] as const;

/** The plan of a subscription or payment, or null for an id this client does not know. */
export function findPlan(planId: string | null | undefined): Plan | null {
  const known = PLAN_IDS.find((id) => id === planId);
  return known ? PLANS[known] : null;
}

export { PLAN_IDS, PLANS, type PlanId };
