import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterDelegationChange } from './delegation-cache';

/** DELETE /api/delegates/<id>: ends one of the member's own delegations (the answer carries its position). */
export async function removeDelegation(delegationId: string): Promise<void> {
  await apiRequest('DELETE', `/api/delegates/${encodeURIComponent(delegationId)}`);
}

export function useRemoveDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDelegation,
    onSuccess: () => refreshAfterDelegationChange(queryClient),
  });
}
