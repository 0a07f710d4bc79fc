import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '../../projector/test/projection-spec';
import { newId, paymentCreated, paymentSucceeded, subscriptionActivated } from '../../projector/test/spec-events';
import { startQueryApp, type Member, type QueryApp } from './query-app';

const T1 = '2026-03-02T10:00:00.000Z';
const T2 = '2026-03-02T10:01:00.000Z';
const END = '2026-04-02T10:01:00.000Z';

describe('query-api payments routes', () => {
  let query: QueryApp;
  let ada: Member;
  let grace: Member;
  const paymentId = newId();
  beforeAll(async () => {
    query = await startQueryApp();
    [ada, grace] = [await query.member('Ada'), await query.member('Grace')];
    await query.record(
      at(T1, paymentCreated(paymentId, ada.id)),
      at(T2, paymentSucceeded(paymentId, ada.id, T2, 'pay_1')),
      at(T2, subscriptionActivated(ada.id, paymentId, T2, END)),
    );
  });
  afterAll(async () => query.close());

  it('lists the payment providers this server offers, signed out too', async () => {
    const answer = await query.get('/api/payments/providers');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ providers: [{ id: 'sandbox', label: 'Sandbox (no real payment)' }] });
  });

  it('answers 401 JSON signed out', async () => {
    const answer = await query.get(`/api/payments/${paymentId}`);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers the member\u2019s own payment and what it bought', async () => {
    const answer = await query.get(`/api/payments/${paymentId}`, { as: ada });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      id: paymentId,
      provider: 'sandbox',
      planId: 'civic_participation_monthly',
      amount: 1875,
      currency: 'SAR',
      status: 'paid',
      // Another change is turning stored return addresses into site paths: only its presence is asserted here.
      returnUrl: expect.stringContaining('/subscribe/return'),
      paymentDate: T2,
      subscriptionStartDate: T2,
      subscriptionEndDate: END,
      createdAt: T1,
    });
  });

  it('answers someone else\u2019s payment exactly like a missing one', async () => {
    for (const url of [`/api/payments/${paymentId}`, `/api/payments/${newId()}`]) {
      const answer = await query.get(url, { as: grace });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Payment not found' });
    }
  });

  it('answers a payment id that is not an id like a missing payment (404)', async () => {
    const answer = await query.get('/api/payments/not-a-uuid', { as: ada });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Payment not found' });
  });
});
