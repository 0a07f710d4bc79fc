import { defineProjection, eventTime } from '../projection';
import { subscriptionPaymentsTable } from './subscription-payments.table';

export const subscriptionPaymentsProjection = defineProjection({
  name: 'subscription_payments',
  version: 1,
  tables: [subscriptionPaymentsTable],
  handles: ['PaymentCreated', 'PaymentSucceeded', 'PaymentFailed', 'SubscriptionActivated', 'SubscriptionRenewed'],

  async apply(db, schema, events, changes) {
    const payments = db.withSchema(schema);
    for (const event of events) {
      const at = eventTime(event);
      changes.add('subscription_payments', event.data.paymentId);
      switch (event.type) {
        case 'PaymentCreated': {
          const { paymentId, userId, provider, providerReference, planId, amount, currency, returnUrl } = event.data;
          await payments
            .insertInto('subscription_payments')
            .values({
              id: paymentId,
              user_id: userId,
              provider,
              provider_reference: providerReference,
              plan_id: planId,
              amount,
              currency,
              status: 'pending',
              return_url: returnUrl,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();
          break;
        }
        case 'PaymentSucceeded':
          await payments
            .updateTable('subscription_payments')
            .set({ status: 'paid', provider_payment_id: event.data.providerPaymentId, payment_date: event.data.paidAt, updated_at: at })
            .where('id', '=', event.data.paymentId)
            .execute();
          break;
        case 'PaymentFailed':
          await payments.updateTable('subscription_payments').set({ status: 'failed', updated_at: at }).where('id', '=', event.data.paymentId).execute();
          break;
        case 'SubscriptionActivated':
          await payments
            .updateTable('subscription_payments')
            .set({ applied: true, subscription_start_date: event.data.startDate, subscription_end_date: event.data.endDate, updated_at: at })
            .where('id', '=', event.data.paymentId)
            .execute();
          break;
        case 'SubscriptionRenewed':
          await payments
            .updateTable('subscription_payments')
            .set({ applied: true, subscription_end_date: event.data.endDate, updated_at: at })
            .where('id', '=', event.data.paymentId)
            .execute();
          break;
      }
    }
  },
});
