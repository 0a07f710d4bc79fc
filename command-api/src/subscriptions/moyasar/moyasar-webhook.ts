import { timingSafeEqual } from 'node:crypto';
import { secretText, text } from '@civitas/events';
import { z } from 'zod';

// The delivery's id and type are recorded in an event: the character rules of every command apply.
const deliveryText = (field: string) => text({ field, required: `${field} must be a string`, trim: false });

/** A Moyasar webhook delivery: the event, our shared secret, and the payment it concerns. */
export const MoyasarWebhookBody = z
  .object({
    id: deliveryText('id').min(1),
    type: deliveryText('type').min(1),
    secret_token: secretText({ field: 'secret_token', required: 'secret_token must be a string' }).optional(),
    data: z.object({ id: deliveryText('data.id').min(1), invoice_id: deliveryText('data.invoice_id').nullish() }).passthrough(),
  })
  .passthrough();
export type MoyasarWebhookBody = z.infer<typeof MoyasarWebhookBody>;

// Moyasar documents the failure event as `payment_failed`; some deliveries spell it `payment_faild`.
export const PAID_EVENTS = new Set(['payment_paid']);
export const FAILED_EVENTS = new Set(['payment_failed', 'payment_faild']);

/** Compares the delivery's secret with ours in constant time. */
export function webhookTokenMatches(received: string | undefined, expected: string): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
