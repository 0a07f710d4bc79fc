import type { PaymentCreated, PaymentFailed, PaymentSucceeded, SubscriptionActivated, SubscriptionRenewed } from '@civitas/events';
import { sql, type Kysely } from 'kysely';
import { eventTime, type ProjectedEvent, type Projection } from '../projection';

type PaymentEvent = ProjectedEvent & (PaymentCreated | PaymentSucceeded | PaymentFailed | SubscriptionActivated | SubscriptionRenewed);
const PAYMENT_EVENTS = new Set(['PaymentCreated', 'PaymentSucceeded', 'PaymentFailed', 'SubscriptionActivated', 'SubscriptionRenewed']);

export const subscriptionPaymentsProjection: Projection = {
  name: 'subscription_payments',
  version: 1,

  async createTables(db, schema) {
    await sql`
      create table ${sql.id(schema, 'subscription_payments')} (
        id uuid primary key,
        user_id uuid not null,
        provider text not null,
        provider_reference text,
        provider_payment_id text,
        plan_id text not null,
        amount integer not null,
        currency text not null,
        status text not null,
        return_url text not null,
        payment_date timestamptz,
        subscription_start_date timestamptz,
        subscription_end_date timestamptz,
        applied boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${sql.id(schema, 'subscription_payments')} (user_id, created_at)`.execute(db);
    await sql`create index on ${sql.id(schema, 'subscription_payments')} (status) where not applied`.execute(db);
  },

  async apply(db: Kysely<any>, schema, events, changes) {
    const payments = db.withSchema(schema);
    for (const event of events.filter((candidate): candidate is PaymentEvent => PAYMENT_EVENTS.has(candidate.type))) {
      const at = eventTime(event);
      changes.add('subscription_payments', event.data.paymentId);
      switch (event.type) {
        case 'PaymentCreated': {
          const { paymentId, userId, provider, providerReference, planId, amount, currency, returnUrl } = event.data;
          await payments.insertInto('subscription_payments')
            .values({ id: paymentId, user_id: userId, provider, provider_reference: providerReference, plan_id: planId, amount, currency, status: 'pending', return_url: returnUrl, created_at: at, updated_at: at })
            .onConflict((conflict) => conflict.column('id').doNothing()).execute();
          break;
        }
        case 'PaymentSucceeded':
          await payments.updateTable('subscription_payments').set({ status: 'paid', provider_payment_id: event.data.providerPaymentId, payment_date: event.data.paidAt, updated_at: at }).where('id', '=', event.data.paymentId).execute();
          break;
        case 'PaymentFailed':
          await payments.updateTable('subscription_payments').set({ status: 'failed', updated_at: at }).where('id', '=', event.data.paymentId).execute();
          break;
        case 'SubscriptionActivated':
          await payments.updateTable('subscription_payments').set({ applied: true, subscription_start_date: event.data.startDate, subscription_end_date: event.data.endDate, updated_at: at }).where('id', '=', event.data.paymentId).execute();
          break;
        case 'SubscriptionRenewed':
          await payments.updateTable('subscription_payments').set({ applied: true, subscription_end_date: event.data.endDate, updated_at: at }).where('id', '=', event.data.paymentId).execute();
          break;
      }
    }
  },
};
