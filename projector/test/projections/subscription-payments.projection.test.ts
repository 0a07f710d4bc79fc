import { afterAll, beforeAll, describe, it } from 'vitest';
import { subscriptionPaymentsProjection } from '../../src/subscriptions/subscription-payments.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, paymentCreated, paymentFailed, paymentSucceeded, subscriptionActivated, subscriptionRenewed, subscriptionRequested } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:05:00.000Z';
const T3 = '2026-03-01T10:06:00.000Z';
const START = '2026-03-01T10:05:00.000Z';
const END = '2026-04-01T10:05:00.000Z';
const LATER_END = '2026-05-01T10:05:00.000Z';

const STATE = ['status', 'provider_payment_id', 'payment_date', 'applied', 'subscription_start_date', 'subscription_end_date', 'updated_at'];

describe('subscription_payments projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(subscriptionPaymentsProjection);
  });
  afterAll(async () => spec.close());

  const userId = newId();

  it('projects a created payment as pending with every field', async () => {
    const paymentId = newId();
    await spec
      .given([
        at(T1, paymentCreated(paymentId, userId, { provider: 'moyasar', providerReference: 'inv_123', planId: 'civic_participation_yearly', amount: 18750 })),
      ])
      .then(
        expectRows('subscription_payments').toEqual([
          {
            id: paymentId,
            user_id: userId,
            provider: 'moyasar',
            provider_reference: 'inv_123',
            provider_payment_id: null,
            plan_id: 'civic_participation_yearly',
            amount: 18750,
            currency: 'SAR',
            status: 'pending',
            return_url: 'http://localhost:3000/subscribe/return',
            payment_date: null,
            subscription_start_date: null,
            subscription_end_date: null,
            applied: false,
            created_at: T1,
            updated_at: T1,
          },
        ]),
      );
  });

  it('marks a payment paid, then applied with the period its activation bought', async () => {
    const paymentId = newId();
    const paid = spec.given([at(T1, paymentCreated(paymentId, userId))]).when([at(T2, paymentSucceeded(paymentId, userId, T2, 'pay_42'))]);
    await paid.then(
      expectRows('subscription_payments', { columns: STATE }).toEqual([
        {
          status: 'paid',
          provider_payment_id: 'pay_42',
          payment_date: T2,
          applied: false,
          subscription_start_date: null,
          subscription_end_date: null,
          updated_at: T2,
        },
      ]),
    );
    await paid.when([at(T3, subscriptionActivated(userId, paymentId, START, END))]).then(
      expectRows('subscription_payments', { columns: STATE }).toEqual([
        {
          status: 'paid',
          provider_payment_id: 'pay_42',
          payment_date: T2,
          applied: true,
          subscription_start_date: START,
          subscription_end_date: END,
          updated_at: T3,
        },
      ]),
    );
  });

  it('records only the new end date of a renewal', async () => {
    const paymentId = newId();
    await spec
      .given([
        at(T1, paymentCreated(paymentId, userId)),
        at(T2, paymentSucceeded(paymentId, userId, T2)),
        at(T3, subscriptionRenewed(userId, paymentId, LATER_END)),
      ])
      .then(
        expectRows('subscription_payments', { columns: STATE }).toEqual([
          {
            status: 'paid',
            provider_payment_id: null,
            payment_date: T2,
            applied: true,
            subscription_start_date: null,
            subscription_end_date: LATER_END,
            updated_at: T3,
          },
        ]),
      );
  });

  it('marks a failed payment failed and never applied', async () => {
    const paymentId = newId();
    await spec
      .given([at(T1, paymentCreated(paymentId, userId)), at(T1, subscriptionRequested(userId, paymentId)), at(T2, paymentFailed(paymentId, userId))])
      .then(
        expectRows('subscription_payments', { columns: ['id', ...STATE] }).toEqual([
          {
            id: paymentId,
            status: 'failed',
            provider_payment_id: null,
            payment_date: null,
            applied: false,
            subscription_start_date: null,
            subscription_end_date: null,
            updated_at: T2,
          },
        ]),
      );
  });

  it('keeps each payment to its own row, and a payment created again unchanged', async () => {
    const first = newId();
    const second = newId();
    await spec
      .given([at(T1, paymentCreated(first, userId)), at(T1, paymentCreated(second, userId, { amount: 18750, planId: 'civic_participation_yearly' }))])
      .when([at(T2, paymentSucceeded(first, userId, T2)), at(T2, paymentCreated(first, userId, { amount: 999 }))])
      .then(
        expectRows('subscription_payments', { columns: ['id', 'amount', 'status', 'created_at'], orderBy: ['amount'] }).toEqual([
          { id: first, amount: 1875, status: 'paid', created_at: T1 },
          { id: second, amount: 18750, status: 'pending', created_at: T1 },
        ]),
      );
  });

  it('does not fail on an activation without a payment (a subscription the sandbox never saw)', async () => {
    await spec
      .given([at(T1, subscriptionActivated(userId, newId(), START, END)), at(T1, paymentSucceeded(newId(), userId, T1))])
      .then(expectRows('subscription_payments').toEqual([]));
  });
});
