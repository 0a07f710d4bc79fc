import { PAYMENT_PROVIDERS, PLAN_IDS, ValidationError, text, type PlanId, CommandReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { pathOnSite, sitePathWith } from '@civitas/service-kit/site-address';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import { MoyasarWebhookBody } from './moyasar/moyasar-webhook';
import type { PaymentOutcome, SubscriptionService } from './subscription-service';

const CreatePaymentBody = z.object({
  planId: z.enum(PLAN_IDS as [PlanId, ...PlanId[]], { error: 'Unknown plan' }),
  returnUrl: text({ field: 'returnUrl', required: 'returnUrl is required', trim: false }).min(1, 'returnUrl is required').max(2000, 'returnUrl is too long'),
});
const PaymentReply = CommandReply.extend({ paymentUrl: z.string(), paymentId: z.string() });
const OutcomeReply = CommandReply.extend({ returnUrl: z.string() });
const PaymentParams = z.object({ paymentId: z.uuid('Payment not found') });

/** The return address as a path on our public origin: a payment must never become an open redirect. */
function returnPath(returnUrl: string, publicBaseUrl: string): string {
  const path = pathOnSite(returnUrl, publicBaseUrl);
  if (path === null) throw new ValidationError('returnUrl must be an address on this site');
  return path;
}

/**
 * Where the member continues after a payment, as a path with the payment's outcome in its
 * query. Relative, so the browser stays on the host name it came with (127.0.0.1 or
 * localhost, say) and keeps its session; sitePathWith never yields '//host'.
 */
function continuePath(outcome: PaymentOutcome): string {
  return sitePathWith(outcome.returnUrl, { paymentId: outcome.paymentId, status: outcome.status });
}

export function subscriptionRoutes(app: ZodRoutes, { subscriptions, publicBaseUrl }: { subscriptions: SubscriptionService; publicBaseUrl: string }): void {
  for (const provider of PAYMENT_PROVIDERS) {
    app.post(
      `/api/create-${provider}-payment`,
      {
        config: { access: 'member' },
        schema: { tags: ['subscriptions'], summary: `Start paying for a plan with ${provider}`, body: CreatePaymentBody, response: { 200: PaymentReply } },
      },
      async (request) => {
        const userId = memberOf(request);
        const path = returnPath(request.body.returnUrl, publicBaseUrl);
        const idempotency = idempotencyOf(request, userId, `${provider}-payment`, { planId: request.body.planId, returnPath: path });
        return subscriptions.createPayment(userId, provider, request.body.planId, path, idempotency);
      },
    );
  }

  app.post(
    '/api/payments/sandbox/:paymentId/complete',
    {
      config: { access: 'member' },
      schema: { tags: ['subscriptions'], summary: 'Pay a sandbox payment (no real money)', params: PaymentParams, response: { 200: OutcomeReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const outcome = await subscriptions.completeSandboxPayment(userId, request.params.paymentId);
      return { position: outcome.position, returnUrl: continuePath(outcome) };
    },
  );

  app.post(
    '/api/webhooks/moyasar',
    {
      // Moyasar calls it: the service checks the shared webhook token and re-fetches the payment, no session.
      config: { access: 'public', skipCsrf: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Moyasar payment notifications',
        body: MoyasarWebhookBody,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const outcome = await subscriptions.handleMoyasarWebhook(request.body);
      // One line per delivery that changed nothing: the event type and a fixed reason, never its ids, token or payer.
      if (!outcome.applied) request.log.info({ provider: 'moyasar', deliveryType: request.body.type, reason: outcome.reason }, 'Moyasar webhook ignored');
      return { received: true as const };
    },
  );

  // Moyasar sends the member back here: verify with Moyasar ourselves, then continue on our page.
  // Public: the payment is verified with Moyasar by its id, and the browser only continues to our page.
  app.get(
    '/api/payments/moyasar/return',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Return from Moyasar (navigation)',
        querystring: z.object({ paymentId: z.uuid('Payment not found') }).passthrough(),
      },
    },
    async (request, reply) => {
      const outcome = await subscriptions.verifyOnReturn(request.query.paymentId);
      return reply.redirect(continuePath(outcome));
    },
  );

  app.post(
    '/api/subscription/cancel',
    {
      config: { access: 'member' },
      schema: { tags: ['subscriptions'], summary: 'Cancel; access lasts to the end of the period', response: { 200: CommandReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const { position } = await subscriptions.cancel(userId);
      return { position };
    },
  );
}
