import { PLAN_IDS, PLANS, type PlanId } from '@civitas/events/subscriptions/plans';
import { currentLanguage, i18n, INTL_LOCALES } from '../i18n';

// Every page quotes the plans from the one shared definition (docs/product.md, Constants: the plan
// cards are the truth), so no page can drift to another price.

export type Plan = (typeof PLANS)[PlanId];
type Currency = keyof Plan['prices'];

const CURRENCIES: Currency[] = ['USD', 'SAR', 'EUR'];

/** An amount in the interface language's digits and separators, with exactly `digits` decimals at most. */
function formatDecimal(amount: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  return amount.toLocaleString(INTL_LOCALES[currentLanguage()], { minimumFractionDigits, maximumFractionDigits });
}

/** "USD 5", "SAR 18.75", "SAR 187.50": whole amounts bare, others with cents. */
export function formatAmount(currency: Currency, amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${currency} ${formatDecimal(amount, digits, digits)}`;
}

/** "per month" / "per year" in the interface language (the 'subscriptions' texts). */
export function formatPeriod(plan: Plan): string {
  return i18n.t(`subscriptions:prices.perPeriod.${plan.period}`);
}

/** The plan's name in the interface language ("Civic Participation (monthly)" in English, as the shared definition). */
export function planName(plan: Plan): string {
  return i18n.t(`subscriptions:prices.planNames.${plan.period}`);
}

/** "USD 5 / SAR 18.75 / EUR 4.75 per month" */
export function formatPlanPrices(plan: Plan): string {
  const amounts = CURRENCIES.map((currency) => formatAmount(currency, plan.prices[currency]));
  return i18n.t(`subscriptions:prices.allCurrencies.${plan.period}`, { amounts: amounts.join(' / ') });
}

/** "$5": the dashboard's short quote (docs/product.md, Screens: Dashboard). */
export function formatUsd(amount: number): string {
  return `$${formatDecimal(amount, 0, 2)}`;
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
  return `${currency} ${formatDecimal(major, digits, digits)}`;
}

/** What the Civic Participation plan unlocks (docs/product.md, Overview): keys of the 'subscriptions' texts. */
export const PLAN_FEATURE_KEYS = ['national', 'business', 'candidate'] as const;

/** The plan of a subscription or payment, or null for an id this client does not know. */
export function findPlan(planId: string | null | undefined): Plan | null {
  const known = PLAN_IDS.find((id) => id === planId);
  return known ? PLANS[known] : null;
}

export { PLAN_IDS, PLANS, type PlanId };
