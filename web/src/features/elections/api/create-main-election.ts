import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateMainElectionReply } from '@civitas/events/elections/election.contract';
import type { ElectionMethod } from '../../../lib/election-methods';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { mainElectionQueryKey, mainElectionUrl } from './get-main-election';
import { groupTopicsQueryOptions } from '../../../lib/api/get-group-topics';
import { groupStatsQueryOptions } from '../../../lib/api/get-group-stats';
import { i18n } from '../../../i18n';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';

/**
 * POST /api/groups/<id>/main-election {method}: opens the group's leadership election (an election
 * topic, 14 days), counted by the method chosen (issue #34; OpenMainElectionBody).
 */
export async function createMainElection(groupId: number, method: ElectionMethod): Promise<CreateMainElectionReply> {
  const url = mainElectionUrl(groupId);
  const response = await apiRequest('POST', url, { method }, { headers: idempotencyHeaders() });
  return parseResponse(response, CreateMainElectionReply, `POST ${url}`);
}

/**
 * The toasts live here, not with the button: the answer turns the card to its active state at
 * once, and the button that asked is gone by then.
 */
export function useCreateMainElection(group: { id: number; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: ElectionMethod) => createMainElection(group.id, method),
    onSuccess: ({ election }) => {
      toast({ title: i18n.t('elections:leadership.created'), description: i18n.t('elections:leadership.createdDescription', { group: group.name }) });
      // The answer is the election itself: shown at once; the group's topics and counts read again.
      queryClient.setQueryData(mainElectionQueryKey(group.id), election);
      void queryClient.invalidateQueries({ queryKey: groupTopicsQueryOptions(group.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: groupStatsQueryOptions(group.id).queryKey });
    },
    onError: (error) => toastCommandError(error, i18n.t('elections:leadership.createFailed')),
  });
}
