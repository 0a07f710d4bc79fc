import type { AuthUser } from '../lib/api/get-current-user';
import type { Payment } from '../features/subscriptions/api/get-payment';
import { makeUser } from './auth-fixtures';
import { jsonResponse, type Route } from './mock-fetch';

/** A member with a monthly subscription that renews on Apr 01, 2025 (noon UTC: the same day in any zone). */
export function makeSubscriber(overrides: Partial<AuthUser> = {}): AuthUser {
  return makeUser({
    isSubscribed: true,
    subscriptionStatus: 'active',
    subscriptionPlan: 'civic_participation_monthly',
    subscriptionStartDate: '2025-03-01T12:00:00.000Z',
    subscriptionEndDate: '2025-04-01T12:00:00.000Z',
    ...overrides,
  });
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    provider: 'sandbox',
    planId: 'civic_participation_monthly',
    amount: 1875,
    currency: 'SAR',
    status: 'pending',
    returnUrl: `${window.location.origin}/subscribe/return`,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Answers GET /api/payments/providers with the given methods. */
export function serveProviders(...ids: Array<'moyasar' | 'sandbox'>): Route {
  const labels = { moyasar: 'Card, mada, Apple Pay, STC Pay', sandbox: 'Sandbox' };
  return ({ url }) => (url === '/api/payments/providers' ? jsonResponse({ providers: ids.map((id) => ({ id, label: labels[id] })) }) : undefined);
}

/** The JSON body a mocked request was sent with. */
export function sentBody(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}
