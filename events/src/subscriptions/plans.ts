/**
 * The Civic Participation plans (docs/product.md, Constants): the one definition every page and the
 * payment code quote. Charges are in SAR, in integer halalas (docs/product.md, Constants).
 */
export const PLANS = {
  civic_participation_monthly: {
    id: 'civic_participation_monthly',
    name: 'Civic Participation (monthly)',
    period: 'month',
    prices: { USD: 5, SAR: 18.75, EUR: 4.75 },
    chargeHalalas: 1875,
  },
  civic_participation_yearly: {
    id: 'civic_participation_yearly',
    name: 'Civic Participation (yearly)',
    period: 'year',
    prices: { USD: 50, SAR: 187.5, EUR: 47.5 },
    chargeHalalas: 18750,
    /** 12 monthly payments cost 60 USD. */
    savesUsdPerYear: 10,
  },
} as const;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];
