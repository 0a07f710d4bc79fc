import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { CommandPosition, type PaymentProviderId } from './payment-schemas';
import type { PlanId } from '@civitas/events/subscriptions/plans';

export interface CreatePaymentInput {
  provider: PaymentProviderId;
  planId: PlanId;
  /** Where the provider sends the member back: an absolute URL on our own origin. */
  returnUrl: string;
}

export const CreatePaymentResponse = z.object({
  /** The provider's checkout page (the sandbox's is on our own origin). */
  paymentUrl: z.string().min(1),
  paymentId: z.string(),
  position: CommandPosition,
});
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>;

/** docs/product.md, Calls: POST /api/create-{provider}-payment with {planId, returnUrl}. */
export function createPaymentUrl(provider: PaymentProviderId): string {
  return `/api/create-${provider}-payment`;
}

export async function createPayment({ provider, planId, returnUrl }: CreatePaymentInput): Promise<CreatePaymentResponse> {
  const url = createPaymentUrl(provider);
  const response = await apiRequest('POST', url, { planId, returnUrl }, { headers: idempotencyHeaders() });
  return parseResponse(response, CreatePaymentResponse, `POST ${url}`);
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
