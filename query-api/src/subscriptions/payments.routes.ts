import { NotFoundError, uuidParam } from '@civitas/events';
import type { ReadModels } from '@civitas/projector';
import { iso } from '../lib/iso';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { sitePath } from '@civitas/service-kit/site-address';
import type { Kysely } from 'kysely';
import { z } from 'zod';

const PAYMENT_NOT_FOUND = 'Payment not found';
const PROVIDER_LABELS = { moyasar: 'Card, mada, Apple Pay or STC Pay', sandbox: 'Sandbox (no real payment)' } as const;

const PaymentView = z.object({
  id: z.string(),
  provider: z.enum(['moyasar', 'sandbox']),
  planId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** A path on this site (the page the member returns to). */
  returnUrl: z.string(),
  paymentDate: z.string().nullable(),
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  createdAt: z.string(),
});

export function paymentRoutes(app: ZodRoutes, readModels: Kysely<ReadModels>, auth: SessionAuth, providers: ReadonlyArray<'moyasar' | 'sandbox'>): void {
  app.get(
    '/api/payments/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Payment methods this server offers',
        response: { 200: z.object({ providers: z.array(z.object({ id: z.enum(['moyasar', 'sandbox']), label: z.string() })) }) },
      },
    },
    async () => ({ providers: providers.map((id) => ({ id, label: PROVIDER_LABELS[id] })) }),
  );

  app.get(
    '/api/payments/:paymentId',
    {
      config: { access: 'member', readModels: ['subscription_payments'] },
      schema: {
        tags: ['subscriptions'],
        summary: 'One of my payments',
        params: z.object({ paymentId: uuidParam(PAYMENT_NOT_FOUND) }),
        response: { 200: PaymentView },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      const row = await readModels.selectFrom('subscription_payments').selectAll().where('id', '=', request.params.paymentId).executeTakeFirst();
      // Someone else's payment is answered exactly like a missing one.
      if (!row || row.user_id !== userId) throw new NotFoundError(PAYMENT_NOT_FOUND);
      return {
        id: row.id,
        provider: row.provider,
        planId: row.plan_id,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        returnUrl: sitePath(row.return_url),
        paymentDate: iso(row.payment_date),
        subscriptionStartDate: iso(row.subscription_start_date),
        subscriptionEndDate: iso(row.subscription_end_date),
        createdAt: row.created_at.toISOString(),
      };
    },
  );
}
