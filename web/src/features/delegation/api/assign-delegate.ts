import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DelegationReply, type AssignDelegateBody } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { refreshAfterDelegationChange } from './delegation-cache';

const ASSIGN_URL = '/api/delegates/assign';

/** The find-delegates dialog's call: groupId goes as a number (docs/product.md, Calls); a new delegate replaces the current one. */
export async function assignDelegate(body: AssignDelegateBody): Promise<DelegationReply> {
  const response = await apiRequest('POST', ASSIGN_URL, { delegateId: body.delegateId, groupId: Number(body.groupId) });
  return parseResponse(response, DelegationReply, `POST ${ASSIGN_URL}`);
}

export function useAssignDelegate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDelegate,
    onSuccess: () => refreshAfterDelegationChange(queryClient),
  });
}
