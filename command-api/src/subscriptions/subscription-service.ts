import { randomUUID } from 'node:crypto';
import {
  BadGatewayError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PLANS,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
  paymentStream,
  userStream,
  webhookDeliveryStream,
  WrongExpectedVersionError,
  type PaymentCreated,
  type PaymentProvider,
  type PlanId,
  type Position,
  type SubscriptionState,
} from '@civitas/events';
import { sha256 } from '@civitas/service-kit/tokens';
import type { CommandBus } from '../lib/command-bus';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import { paymentDecider, type PaymentCommand, type PaymentState } from './payment.decider';
import { ALREADY_SUBSCRIBED, subscriptionDecider, type SubscriptionCommand } from './subscription.decider';
import { MoyasarRecordNotFound, type MoyasarClient } from './moyasar/moyasar-client';
import { FAILED_EVENTS, PAID_EVENTS, webhookTokenMatches, type MoyasarWebhookBody } from './moyasar/moyasar-webhook';

export const PROVIDER_UNAVAILABLE = 'This payment method is not available.';

export interface SubscriptionDependencies {
  bus: CommandBus;
  publicBaseUrl: string;
  moyasar: { client: MoyasarClient; webhookSecret: string } | null;
  sandboxEnabled: boolean;
}

/** Why a webhook delivery changed nothing: a fixed code, since it is logged. */
type IgnoredReason = 'not_a_verdict' | 'unknown_payment' | 'unknown_invoice' | 'not_ours' | 'status_differs';
export type WebhookOutcome = { applied: true; reason: null } | { applied: false; reason: IgnoredReason };
type SettledDelivery = { outcome: WebhookOutcome; paymentId: string | null };
const ignored = (reason: IgnoredReason, paymentId: string | null = null): SettledDelivery => ({ outcome: { applied: false, reason }, paymentId });

export interface PaymentOutcome {
  paymentId: string;
  status: PaymentState['status'];
  /** Where the member goes next: a path on our site (older payments hold an absolute address). */
  returnUrl: string;
  position: Position | null;
}

export interface CreatedPayment {
  paymentId: string;
  paymentUrl: string;
  position: Position | null;
}

/** Payments and the subscription they drive: creation, the provider's verdict, cancellation and expiry. */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionDependencies) {}

  availableProviders(): PaymentProvider[] {
    return [...(this.deps.moyasar ? (['moyasar'] as const) : []), ...(this.deps.sandboxEnabled ? (['sandbox'] as const) : [])];
  }

  /**
   * `returnPath` is a path on our own site, checked by the caller; redirects are rebuilt from it on our origin.
   * With an Idempotency-Key the payment's id comes from it before the provider is called, so a repeat
   * finds the first payment (and is answered with its id and address) or, if the first stopped after
   * Moyasar made the invoice, finds that invoice by our id in its metadata instead of making another.
   */
  createPayment(userId: string, provider: PaymentProvider, planId: PlanId, returnPath: string, idempotency?: Idempotency): Promise<CreatedPayment> {
    if (!this.availableProviders().includes(provider)) return Promise.reject(new ValidationError(PROVIDER_UNAVAILABLE));
    const paymentId = createdIdOf(idempotency);
    // Copies of one keyed request in this process go one after another, so only the first asks Moyasar for an invoice.
    return idempotency
      ? this.deps.bus.serially(`create-payment:${paymentId}`, () => this.create(userId, provider, planId, returnPath, paymentId, idempotency))
      : this.create(userId, provider, planId, returnPath, paymentId);
  }

  private async create(
    userId: string,
    provider: PaymentProvider,
    planId: PlanId,
    returnPath: string,
    paymentId: string,
    idempotency?: Idempotency,
  ): Promise<CreatedPayment> {
    const plan = PLANS[planId];
    // Our own checkout page as a path: the browser stays on the host it uses, with its session.
    const creating = {
      paymentId,
      userId,
      provider,
      planId,
      amount: plan.chargeHalalas,
      currency: 'SAR',
      returnUrl: returnPath,
      providerReference: null,
      checkoutUrl: `/checkout/sandbox/${paymentId}`,
    } as const;
    // A repeat is recognised before the check below would refuse it (its own first payment may be paid by now).
    const stored = idempotency ? (await this.deps.bus.load(paymentStream(paymentId), paymentDecider)).commandIds.has(idempotency.commandId) : false;
    if (!stored && (await this.loadSubscription(userId)).status === 'active') throw new ConflictError(ALREADY_SUBSCRIBED);
    const payment: PaymentCreated['data'] =
      stored || provider === 'sandbox' ? creating : await this.moyasarInvoice(creating, plan.name, idempotency !== undefined);
    const created = await this.deps.bus.run(
      paymentStream(paymentId),
      paymentDecider,
      { type: 'createPayment', payment },
      { actorId: userId, ...keyed(idempotency) },
    );
    const { checkoutUrl } = storedData(created, 'PaymentCreated', payment);
    // Its own command id on the member's stream (event ids derive from it), fixed too, so a repeat requests nothing more.
    const requestId = idempotency ? `${idempotency.commandId}:request` : undefined;
    const requested = await this.onSubscription(userId, { type: 'requestSubscription', userId, paymentId, planId }, userId, requestId);
    return { paymentId, paymentUrl: checkoutUrl, position: requested.position };
  }

  /** The Moyasar invoice of a payment: the one an earlier copy of a keyed request made, else a new one. Its addresses are absolute (Moyasar is another site). */
  private async moyasarInvoice(payment: PaymentCreated['data'], description: string, keyedRequest: boolean): Promise<PaymentCreated['data']> {
    const { client } = this.deps.moyasar!;
    const base = this.deps.publicBaseUrl;
    const metadata = { payment_id: payment.paymentId };
    const earlier = keyedRequest ? await client.findInvoice(metadata) : null;
    // An invoice of another amount was made for another request with this key, which stored nothing: it is not reused.
    const reusable = earlier?.amount === payment.amount && earlier.currency === 'SAR' ? earlier : null;
    const invoice =
      reusable ??
      (await client.createInvoice({
        amount: payment.amount,
        currency: 'SAR',
        description,
        callbackUrl: `${base}/api/webhooks/moyasar`,
        successUrl: `${base}/api/payments/moyasar/return?paymentId=${payment.paymentId}`,
        backUrl: `${base}/subscribe`,
        metadata,
      }));
    if (invoice.amount !== payment.amount || invoice.currency !== 'SAR')
      throw new ConflictError('The payment provider created a different amount; nothing was charged.');
    return { ...payment, checkoutUrl: invoice.url, providerReference: invoice.id };
  }

  async completeSandboxPayment(userId: string, paymentId: string): Promise<PaymentOutcome> {
    const payment = await this.loadPayment(paymentId);
    if (!payment.payment || payment.payment.userId !== userId) throw new NotFoundError('Payment not found');
    if (payment.payment.provider !== 'sandbox') throw new ForbiddenError('Only sandbox payments can be completed here.');
    return this.confirmPaid(paymentId, { providerPaymentId: null, confirmedBy: 'sandbox' });
  }

  /**
   * A Moyasar webhook: the shared token first, then the payment re-fetched with our secret key;
   * only a payment whose status, amount, currency and invoice match ours changes anything.
   * A payment or invoice Moyasar does not know is ignored (200, so it is not delivered forever);
   * Moyasar unreachable or answering badly is a 503 or 502, so the delivery comes again.
   */
  async handleMoyasarWebhook(body: MoyasarWebhookBody): Promise<WebhookOutcome> {
    const moyasar = this.deps.moyasar;
    if (!moyasar) throw new NotFoundError('Moyasar is not configured');
    if (!webhookTokenMatches(body.secret_token, moyasar.webhookSecret)) throw new UnauthorizedError('Invalid webhook token');
    let settled: SettledDelivery;
    try {
      settled = await this.applyMoyasarDelivery(moyasar.client, body);
    } catch (error) {
      if (!(error instanceof MoyasarRecordNotFound)) throw error;
      settled = ignored(error.record === 'payment' ? 'unknown_payment' : 'unknown_invoice');
    }
    await this.recordDelivery('moyasar', body.id, body.type, settled.paymentId);
    return settled.outcome;
  }

  private async applyMoyasarDelivery(client: MoyasarClient, body: MoyasarWebhookBody): Promise<SettledDelivery> {
    const paid = PAID_EVENTS.has(body.type);
    const failed = FAILED_EVENTS.has(body.type);
    if (!paid && !failed) return ignored('not_a_verdict');
    const remote = await client.fetchPayment(body.data.id);
    const invoiceId = remote.invoice_id ?? body.data.invoice_id ?? null;
    const invoice = invoiceId ? await client.fetchInvoice(invoiceId) : null;
    const claimed = String(remote.metadata?.payment_id ?? invoice?.metadata?.payment_id ?? '');
    const ours = claimed ? (await this.loadPayment(claimed)).payment : null;
    if (
      !ours ||
      ours.provider !== 'moyasar' ||
      ours.providerReference !== invoiceId ||
      remote.amount !== ours.amount ||
      remote.currency.toUpperCase() !== ours.currency
    ) {
      return ignored('not_ours');
    }
    if (paid && remote.status === 'paid') {
      await this.confirmPaid(ours.paymentId, { providerPaymentId: remote.id, confirmedBy: 'webhook' });
    } else if (failed && remote.status === 'failed') {
      await this.confirmFailed(ours.paymentId, `moyasar: ${remote.status}`);
    } else {
      return ignored('status_differs', ours.paymentId);
    }
    return { outcome: { applied: true, reason: null }, paymentId: ours.paymentId };
  }

  /** The member is back from the provider's page: ask the provider ourselves, in case the webhook is lost. */
  async verifyOnReturn(paymentId: string): Promise<PaymentOutcome> {
    const state = await this.loadPayment(paymentId);
    if (!state.payment) throw new NotFoundError('Payment not found');
    const { payment } = state;
    const moyasar = this.deps.moyasar;
    const invoice =
      state.status === 'pending' && payment.provider === 'moyasar' && payment.providerReference && moyasar
        ? // Moyasar unreachable or answering badly: the member goes on to the return page, still pending, and the webhook settles it.
          await moyasar.client.fetchInvoice(payment.providerReference).catch((error: unknown) => {
            if (error instanceof BadGatewayError || error instanceof ServiceUnavailableError) return null;
            throw error;
          })
        : null;
    if (invoice?.status === 'paid' && invoice.amount === payment.amount && invoice.currency.toUpperCase() === payment.currency) {
      const settled = invoice.payments?.find((attempt) => attempt.status === 'paid');
      return this.confirmPaid(paymentId, { providerPaymentId: settled?.id ?? null, confirmedBy: 'return' });
    }
    return { paymentId, status: state.status, returnUrl: payment.returnUrl, position: null };
  }

  async confirmPaid(paymentId: string, verdict: { providerPaymentId: string | null; confirmedBy: 'webhook' | 'return' | 'sandbox' }): Promise<PaymentOutcome> {
    const marked = await this.onPayment(paymentId, { type: 'markPaid', ...verdict, paidAt: this.deps.bus.now().toISOString() }, null);
    const applied = await this.applyPaidPayment(marked.state);
    return { paymentId, status: marked.state.status, returnUrl: marked.state.payment!.returnUrl, position: applied.position ?? marked.position };
  }

  /** Turns a paid payment into access; a fixed command id per payment makes it count once however often it runs. */
  async applyPaidPayment(payment: PaymentState) {
    const { paymentId, userId, planId } = payment.payment!;
    return this.onSubscription(userId, { type: 'applyPayment', userId, paymentId, planId, paidAt: payment.paidAt! }, null, `apply-payment-${paymentId}`);
  }

  async confirmFailed(paymentId: string, reason: string): Promise<void> {
    const marked = await this.onPayment(paymentId, { type: 'markFailed', reason }, null);
    if (marked.state.status === 'failed')
      await this.onSubscription(marked.state.payment!.userId, { type: 'failRequest', paymentId }, null, `fail-payment-${paymentId}`);
  }

  cancel(userId: string) {
    return this.onSubscription(userId, { type: 'cancelSubscription', now: this.deps.bus.now().toISOString() }, userId);
  }

  /** Ends access whose period is over; safe to repeat (the decider does nothing twice). */
  expire(userId: string) {
    return this.onSubscription(userId, { type: 'expireSubscription', now: this.deps.bus.now().toISOString() }, null);
  }

  async loadPayment(paymentId: string): Promise<PaymentState> {
    return (await this.deps.bus.load(paymentStream(paymentId), paymentDecider)).state;
  }

  async loadSubscription(userId: string): Promise<SubscriptionState> {
    return (await this.deps.bus.load(userStream(userId), subscriptionDecider)).state;
  }

  private async recordDelivery(provider: PaymentProvider, deliveryId: string, deliveryType: string, paymentId: string | null) {
    try {
      await this.deps.bus.store.append(
        webhookDeliveryStream(provider, sha256(deliveryId)),
        [
          {
            id: randomUUID(),
            type: 'WebhookDeliveryReceived',
            data: { provider, deliveryType, paymentId },
            metadata: { time: this.deps.bus.now().toISOString(), schemaVersion: 1, actorId: null },
          },
        ],
        'no_stream',
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error; // a redelivery: recorded already
    }
  }

  private onPayment(paymentId: string, command: PaymentCommand, actorId: string | null) {
    return this.deps.bus.run(paymentStream(paymentId), paymentDecider, command, { actorId });
  }

  private onSubscription(userId: string, command: SubscriptionCommand, actorId: string | null, commandId?: string) {
    return this.deps.bus.run(userStream(userId), subscriptionDecider, command, { actorId, commandId });
  }
}
