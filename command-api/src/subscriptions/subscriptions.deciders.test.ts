import { ConflictError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { paymentDecider } from './payment.decider';
import { ALREADY_SUBSCRIBED, NOTHING_TO_CANCEL, subscriptionDecider } from './subscription.decider';

const userId = '00000000-0000-4000-8000-00000000000a';
const paymentId = '00000000-0000-4000-8000-0000000000p1'.replace('p', '0');
const created = {
  type: 'PaymentCreated' as const,
  data: {
    paymentId,
    userId,
    provider: 'sandbox' as const,
    planId: 'civic_participation_monthly' as const,
    amount: 1875,
    currency: 'SAR' as const,
    returnUrl: 'http://x/',
    providerReference: null,
    checkoutUrl: 'http://x/c',
  },
};
const succeeded = {
  type: 'PaymentSucceeded' as const,
  data: { paymentId, userId, providerPaymentId: 'p', paidAt: '2026-01-31T10:00:00.000Z', confirmedBy: 'webhook' as const },
};

describe('payment decider', () => {
  const spec = deciderSpec(paymentDecider);
  it('records the verdict once; failed after paid changes nothing; paid after failed counts', () => {
    spec.given([created]).when({ type: 'markPaid', providerPaymentId: 'p', paidAt: '2026-01-31T10:00:00.000Z', confirmedBy: 'webhook' }).then([succeeded]);
    spec.given([created, succeeded]).when({ type: 'markPaid', providerPaymentId: 'p', paidAt: '2026-02-01T10:00:00.000Z', confirmedBy: 'return' }).then([]);
    spec.given([created, succeeded]).when({ type: 'markFailed', reason: 'late' }).then([]);
    spec
      .given([created, { type: 'PaymentFailed', data: { paymentId, userId, reason: 'declined' } }])
      .when({ type: 'markPaid', providerPaymentId: 'p', paidAt: '2026-01-31T10:00:00.000Z', confirmedBy: 'webhook' })
      .then([succeeded]);
  });
});

describe('subscription decider', () => {
  const spec = deciderSpec(subscriptionDecider);
  const activated = {
    type: 'SubscriptionActivated' as const,
    data: { userId, paymentId, planId: 'civic_participation_monthly' as const, startDate: '2026-01-31T10:00:00.000Z', endDate: '2026-02-28T10:00:00.000Z' },
  };
  it('activates for a calendar month (clamped) and applies a payment only once', () => {
    spec
      .given([])
      .when({ type: 'applyPayment', userId, paymentId, planId: 'civic_participation_monthly', paidAt: '2026-01-31T10:00:00.000Z' })
      .then([activated]);
    spec
      .given([activated])
      .when({ type: 'applyPayment', userId, paymentId, planId: 'civic_participation_monthly', paidAt: '2026-01-31T10:00:00.000Z' })
      .then([]);
  });
  it('extends from the current end when paying again while access lasts', () => {
    spec
      .given([activated, { type: 'SubscriptionCancelled', data: { userId, cancelledAt: '2026-02-01T00:00:00.000Z', accessUntil: '2026-02-28T10:00:00.000Z' } }])
      .when({ type: 'applyPayment', userId, paymentId: 'second', planId: 'civic_participation_yearly', paidAt: '2026-02-10T00:00:00.000Z' })
      .then([
        { type: 'SubscriptionRenewed', data: { userId, paymentId: 'second', planId: 'civic_participation_yearly', endDate: '2027-02-28T10:00:00.000Z' } },
      ]);
  });
  it('refuses a second subscription while active and a cancel without one', () => {
    spec
      .given([activated])
      .when({ type: 'requestSubscription', userId, paymentId: 'x', planId: 'civic_participation_yearly' })
      .thenThrows(ConflictError, ALREADY_SUBSCRIBED);
    spec.given([]).when({ type: 'cancelSubscription', now: '2026-02-01T00:00:00.000Z' }).thenThrows(ConflictError, NOTHING_TO_CANCEL);
  });
  it('expires only once the end date has passed, and only once', () => {
    spec.given([activated]).when({ type: 'expireSubscription', now: '2026-02-28T09:59:59.000Z' }).then([]);
    spec
      .given([activated])
      .when({ type: 'expireSubscription', now: '2026-02-28T10:00:00.000Z' })
      .then([{ type: 'SubscriptionExpired', data: { userId, endDate: '2026-02-28T10:00:00.000Z' } }]);
    spec
      .given([activated, { type: 'SubscriptionExpired', data: { userId, endDate: '2026-02-28T10:00:00.000Z' } }])
      .when({ type: 'expireSubscription', now: '2026-03-05T00:00:00.000Z' })
      .then([]);
  });
});
