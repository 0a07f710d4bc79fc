import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { PaymentProviderId } from './payment-schemas';

const PAYMENT_PROVIDERS_URL = '/api/payments/providers';

/** The payment methods this server offers (the sandbox only where enabled, the gateway only where configured). */
export const PaymentProvidersResponse = z.object({
  providers: z.array(z.object({ id: PaymentProviderId, label: z.string() })),
});
export type PaymentProvider = z.infer<typeof PaymentProvidersResponse>['providers'][number];

export async function fetchPaymentProviders(signal?: AbortSignal): Promise<PaymentProvider[]> {
  const response = await apiRequest('GET', PAYMENT_PROVIDERS_URL, undefined, { signal });
  return (await parseResponse(response, PaymentProvidersResponse, `GET ${PAYMENT_PROVIDERS_URL}`)).providers;
}

export function paymentProvidersQueryOptions() {
  return queryOptions({
    queryKey: [PAYMENT_PROVIDERS_URL],
    queryFn: ({ signal }) => fetchPaymentProviders(signal),
  });
}

/** `enabled: false` for members who cannot buy now, so nothing is asked in vain. */
export function usePaymentProviders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentProvidersQueryOptions(), enabled });
}
