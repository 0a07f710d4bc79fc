import { sql } from 'kysely';
import { column, defineTable } from '../lib/table';

/** Read model `subscription_payments`: every payment attempt and what it bought. */
export const subscriptionPaymentsTable = defineTable(
  'subscription_payments',
  {
    id: column.uuid(),
    user_id: column.uuid(),
    provider: column.text<'moyasar' | 'sandbox'>(),
    provider_reference: column.text().nullable(),
    provider_payment_id: column.text().nullable(),
    plan_id: column.text(),
    amount: column.integer(),
    currency: column.text(),
    status: column.text<'pending' | 'paid' | 'failed'>(),
    return_url: column.text(),
    payment_date: column.timestamptz().nullable(),
    subscription_start_date: column.timestamptz().nullable(),
    subscription_end_date: column.timestamptz().nullable(),
    /** Set once the payment has been turned into access (activation or renewal). */
    applied: column.boolean().default(false),
    created_at: column.timestamptz(),
    updated_at: column.timestamptz(),
  },
  {
    primaryKey: ['id'],
    indexes: [{ columns: ['user_id', 'created_at'] }, { columns: ['status'], where: sql`not applied` }],
  },
);
