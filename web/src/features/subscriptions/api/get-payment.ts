import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { PaymentProviderId, PaymentStatus, PlanIdSchema } from './payment-schemas';

/** One payment, as its owner may read it (anyone else gets 404). */
export const Payment = z.object({
  id: z.string(),
  provider: PaymentProviderId,
  planId: PlanIdSchema,
  /** Integer minor units of `currency` (halalas for SAR). */
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  status: PaymentStatus,
  returnUrl: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

const paymentUrl = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}`;

export async function fetchPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  const url = paymentUrl(paymentId);
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, Payment, `GET ${url}`);
}

export function paymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['/api/payments', paymentId],
    queryFn: ({ signal }) => fetchPayment(paymentId, signal),
  });
}

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(paymentId));
}
