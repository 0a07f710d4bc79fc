import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DelegationReply, type AssignDelegateBody } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { refreshAfterDelegationChange } from './delegation-cache';

const DELEGATIONS_URL = '/api/delegations';

/** POST /api/delegations {delegateId, groupId}: the topic page's form; a new delegate replaces the current one. */
export async function createDelegation(body: AssignDelegateBody): Promise<DelegationReply> {
  const response = await apiRequest('POST', DELEGATIONS_URL, body);
  return parseResponse(response, DelegationReply, `POST ${DELEGATIONS_URL}`);
}

/** DELETE /api/delegations/<groupId>: the member no longer lends their weight in the group. */
export async function cancelDelegation(groupId: number): Promise<void> {
  await apiRequest('DELETE', `${DELEGATIONS_URL}/${groupId}`);
}

export function useCreateDelegation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDelegation, onSuccess: () => refreshAfterDelegationChange(queryClient) });
}

export function useCancelDelegation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelDelegation, onSuccess: () => refreshAfterDelegationChange(queryClient) });
}
