import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '@civitas/events/subscriptions/plans';

// Shapes shared by the payment endpoints. Plan ids come from the one plan definition,
// so a payment for a plan this client does not know fails loudly at the contract.

export const PlanIdSchema = z.enum(PLAN_IDS as [PlanId, ...PlanId[]]);

/** The payment methods a server may offer: the card gateway, and the sandbox for local use and tests. */
export const PaymentProviderId = z.enum(['moyasar', 'sandbox']);
export type PaymentProviderId = z.infer<typeof PaymentProviderId>;

export const PaymentStatus = z.enum(['pending', 'paid', 'failed']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * Commands answer with the position of their last event, or null when they appended
 * nothing (e.g. a payment already completed): then there is no write to wait for.
 */
export const CommandPosition = z.string().nullable();
