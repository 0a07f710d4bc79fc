import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';
import { CommandPosition } from './payment-schemas';

const CANCEL_SUBSCRIPTION_URL = '/api/subscription/cancel';

export const CancelSubscriptionResponse = z.object({ position: CommandPosition });

/** Stops renewal; access lasts to the end of the period already paid for. */
export async function cancelSubscription(): Promise<z.infer<typeof CancelSubscriptionResponse>> {
  // An empty JSON body: the server takes state-changing requests as JSON only.
  const response = await apiRequest('POST', CANCEL_SUBSCRIPTION_URL, {});
  return parseResponse(response, CancelSubscriptionResponse, `POST ${CANCEL_SUBSCRIPTION_URL}`);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // The subscription lives on the current user; the read waits for our own write.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
