import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A Moyasar webhook delivery: the event, our shared secret, and the payment it concerns. */
export const MoyasarWebhookBody = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  secret_token: z.string().optional(),
  data: z.object({ id: z.string().min(1), invoice_id: z.string().nullish() }).passthrough(),
}).passthrough();
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
