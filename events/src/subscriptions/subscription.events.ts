import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { PLAN_IDS, type PlanId } from './plans';

export const PlanIdSchema = z.enum(PLAN_IDS as [PlanId, ...PlanId[]]);
export const PAYMENT_PROVIDERS = ['moyasar', 'sandbox'] as const;
export const PaymentProvider = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** `payment-{id}`: one attempt to pay for a plan, from creation to the provider's verdict. */
export const PaymentCreated = defineEvent(
  'PaymentCreated',
  z.object({
    paymentId: z.uuid(),
    userId: z.uuid(),
    provider: PaymentProvider,
    planId: PlanIdSchema,
    /** Integer minor units (halalas for SAR). */
    amount: z.number().int().positive(),
    currency: z.literal('SAR'),
    returnUrl: z.string(),
    /** The provider's invoice id and checkout address (null for the sandbox). */
    providerReference: z.string().nullable(),
    checkoutUrl: z.string(),
  }),
);
export const PaymentSucceeded = defineEvent(
  'PaymentSucceeded',
  z.object({
    paymentId: z.uuid(),
    userId: z.uuid(),
    providerPaymentId: z.string().nullable(),
    paidAt: z.iso.datetime(),
    /** How we learnt it: the provider's webhook, verification on return, or the sandbox. */
    confirmedBy: z.enum(['webhook', 'return', 'sandbox']),
  }),
);
export const PaymentFailed = defineEvent('PaymentFailed', z.object({ paymentId: z.uuid(), userId: z.uuid(), reason: z.string() }));

/** `webhook-{provider}-{hash of delivery id}`: each delivery is recorded once. */
export const WebhookDeliveryReceived = defineEvent(
  'WebhookDeliveryReceived',
  z.object({ provider: PaymentProvider, deliveryType: z.string(), paymentId: z.uuid().nullable() }),
);

/** On the user stream: the subscription the payments drive. */
export const SubscriptionRequested = defineEvent('SubscriptionRequested', z.object({ userId: z.uuid(), paymentId: z.uuid(), planId: PlanIdSchema }));
export const SubscriptionRequestFailed = defineEvent('SubscriptionRequestFailed', z.object({ userId: z.uuid(), paymentId: z.uuid() }));
export const SubscriptionActivated = defineEvent(
  'SubscriptionActivated',
  z.object({ userId: z.uuid(), paymentId: z.uuid(), planId: PlanIdSchema, startDate: z.iso.datetime(), endDate: z.iso.datetime() }),
);
export const SubscriptionRenewed = defineEvent(
  'SubscriptionRenewed',
  z.object({ userId: z.uuid(), paymentId: z.uuid(), planId: PlanIdSchema, endDate: z.iso.datetime() }),
);
export const SubscriptionCancelled = defineEvent(
  'SubscriptionCancelled',
  z.object({ userId: z.uuid(), cancelledAt: z.iso.datetime(), accessUntil: z.iso.datetime() }),
);
export const SubscriptionExpired = defineEvent('SubscriptionExpired', z.object({ userId: z.uuid(), endDate: z.iso.datetime() }));

export type PaymentCreated = EventOf<typeof PaymentCreated>;
export type PaymentSucceeded = EventOf<typeof PaymentSucceeded>;
export type PaymentFailed = EventOf<typeof PaymentFailed>;
export type PaymentEvent = PaymentCreated | PaymentSucceeded | PaymentFailed;
export type WebhookDeliveryReceived = EventOf<typeof WebhookDeliveryReceived>;
export type SubscriptionRequested = EventOf<typeof SubscriptionRequested>;
export type SubscriptionRequestFailed = EventOf<typeof SubscriptionRequestFailed>;
export type SubscriptionActivated = EventOf<typeof SubscriptionActivated>;
export type SubscriptionRenewed = EventOf<typeof SubscriptionRenewed>;
export type SubscriptionCancelled = EventOf<typeof SubscriptionCancelled>;
export type SubscriptionExpired = EventOf<typeof SubscriptionExpired>;
export type SubscriptionEvent =
  SubscriptionRequested | SubscriptionRequestFailed | SubscriptionActivated | SubscriptionRenewed | SubscriptionCancelled | SubscriptionExpired;

export const subscriptionEvents = [
  PaymentCreated,
  PaymentSucceeded,
  PaymentFailed,
  WebhookDeliveryReceived,
  SubscriptionRequested,
  SubscriptionRequestFailed,
  SubscriptionActivated,
  SubscriptionRenewed,
  SubscriptionCancelled,
  SubscriptionExpired,
];
