import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { CommandPosition } from './payment-schemas';

export const CompleteSandboxPaymentResponse = z.object({
  position: CommandPosition,
  /** The return address given when the payment was created. */
  returnUrl: z.string().min(1),
});
export type CompleteSandboxPaymentResponse = z.infer<typeof CompleteSandboxPaymentResponse>;

/** The sandbox's stand-in for a card payment: the server marks the payment paid. */
export async function completeSandboxPayment(paymentId: string): Promise<CompleteSandboxPaymentResponse> {
  const url = `/api/payments/sandbox/${encodeURIComponent(paymentId)}/complete`;
  // An empty JSON body: the server takes state-changing requests as JSON only.
  const response = await apiRequest('POST', url, {});
  return parseResponse(response, CompleteSandboxPaymentResponse, `POST ${url}`);
}

export function useCompleteSandboxPayment() {
  return useMutation({ mutationFn: completeSandboxPayment });
}
