import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import type { SubscriptionService } from './subscription-service';

/**
 * Finds due subscription work in the read models and issues idempotent commands: subscriptions
 * whose period ended expire, and a paid payment that was never turned into access (a crash
 * between the two appends) is applied. The deciders never act twice.
 */
export async function runSubscriptionChores(readModels: Kysely<ReadModels>, subscriptions: SubscriptionService, now: Date): Promise<void> {
  const due = await readModels
    .selectFrom('users')
    .select('id')
    .where('subscription_status', 'in', ['active', 'cancelled'])
    .where('subscription_end_date', '<=', now)
    .execute();
  for (const { id } of due) await subscriptions.expire(id);

  // Give the normal path a moment before repairing: it applies payments right after marking them paid.
  const stranded = await readModels
    .selectFrom('subscription_payments')
    .select('id')
    .where('status', '=', 'paid')
    .where('applied', '=', false)
    .where('payment_date', '<=', new Date(now.getTime() - 30_000))
    .execute();
  for (const { id } of stranded) await subscriptions.applyPaidPayment(await subscriptions.loadPayment(id));
}
