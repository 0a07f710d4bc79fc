import { PLANS, type PlanId } from '@civitas/events/subscriptions/plans';

// Every page quotes the plans from the one shared definition (DECISIONS.md: the plan
// cards are the truth), so no page can drift to another price.

type Plan = (typeof PLANS)[PlanId];
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

export { PLANS };
