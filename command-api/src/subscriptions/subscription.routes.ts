import { PAYMENT_PROVIDERS, PLAN_IDS, ValidationError, type PlanId, CommandReply } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MoyasarWebhookBody } from './moyasar/moyasar-webhook';
import type { SubscriptionService } from './subscription-service';

const CreatePaymentBody = z.object({
  planId: z.enum(PLAN_IDS as [PlanId, ...PlanId[]], { error: 'Unknown plan' }),
  returnUrl: z.string({ error: 'returnUrl is required' }).min(1, 'returnUrl is required').max(2000, 'returnUrl is too long'),
});
const PaymentReply = CommandReply.extend({ paymentUrl: z.string(), paymentId: z.string() });
const OutcomeReply = CommandReply.extend({ returnUrl: z.string() });
const PaymentParams = z.object({ paymentId: z.uuid('Payment not found') });

/** returnUrl must stay on this site: a payment must never become an open redirect. */
function ownOrigin(returnUrl: string, request: FastifyRequest, publicBaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new ValidationError('returnUrl must be an address on this site');
  }
  const allowed = new Set([new URL(publicBaseUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(url.origin)) throw new ValidationError('returnUrl must be an address on this site');
  return url.href;
}

const withOutcome = (returnUrl: string, paymentId: string, status: string) => {
  const url = new URL(returnUrl);
  url.searchParams.set('paymentId', paymentId);
  url.searchParams.set('status', status);
  return url.href;
};

export function subscriptionRoutes(app: ZodRoutes, { subscriptions, auth, publicBaseUrl }: { subscriptions: SubscriptionService; auth: SessionAuth; publicBaseUrl: string }): void {
  for (const provider of PAYMENT_PROVIDERS) {
    app.post(`/api/create-${provider}-payment`, {
      schema: { tags: ['subscriptions'], summary: `Start paying for a plan with ${provider}`, body: CreatePaymentBody, response: { 200: PaymentReply } },
    }, async (request) => {
      const userId = await auth.requireUserId(request);
      const returnUrl = ownOrigin(request.body.returnUrl, request, publicBaseUrl);
      return subscriptions.createPayment(userId, provider, request.body.planId, returnUrl);
    });
  }

  app.post('/api/payments/sandbox/:paymentId/complete', {
    schema: { tags: ['subscriptions'], summary: 'Pay a sandbox payment (no real money)', params: PaymentParams, response: { 200: OutcomeReply } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const outcome = await subscriptions.completeSandboxPayment(userId, request.params.paymentId);
    return { position: outcome.position, returnUrl: withOutcome(outcome.returnUrl, outcome.paymentId, outcome.status) };
  });

  app.post('/api/webhooks/moyasar', {
    config: { skipCsrf: true },
    schema: { tags: ['subscriptions'], summary: 'Moyasar payment notifications', body: MoyasarWebhookBody, response: { 200: z.object({ received: z.literal(true) }) } },
  }, async (request) => {
    await subscriptions.handleMoyasarWebhook(request.body);
    return { received: true as const };
  });

  // Moyasar sends the member back here: verify with Moyasar ourselves, then continue on our page.
  app.get('/api/payments/moyasar/return', {
    schema: { tags: ['subscriptions'], summary: 'Return from Moyasar (navigation)', querystring: z.object({ paymentId: z.uuid('Payment not found') }).passthrough() },
  }, async (request, reply) => {
    const outcome = await subscriptions.verifyOnReturn(request.query.paymentId);
    return reply.redirect(withOutcome(outcome.returnUrl, outcome.paymentId, outcome.status));
  });

  app.post('/api/subscription/cancel', {
    schema: { tags: ['subscriptions'], summary: 'Cancel; access lasts to the end of the period', response: { 200: CommandReply } },
  }, async (request) => {
    const userId = await auth.requireUserId(request);
    const { position } = await subscriptions.cancel(userId);
    return { position };
  });
}
