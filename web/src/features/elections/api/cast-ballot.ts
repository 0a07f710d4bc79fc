import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BallotReply } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { topicUrl } from '../../../lib/api/get-topic';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { ballotReceiptKey, keepReceipt } from '../../../lib/vote-receipts';
import { candidatesQueryKey } from './get-candidates';

/**
 * POST /api/topics/<id>/ballot {candidateId}: the member's one choice in the election. The same
 * candidate again withdraws it, another moves it; the answer says which (candidateId or null).
 * A ballot toggles, so each click carries its own Idempotency-Key: a retried request counts once.
 */
export async function castBallot(topicId: string, candidateId: string): Promise<BallotReply> {
  const url = `${topicUrl(topicId)}/ballot`;
  const response = await apiRequest('POST', url, { candidateId }, { headers: idempotencyHeaders() });
  return parseResponse(response, BallotReply, `POST ${url}`);
}

export function useCastBallot(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (candidateId: string) => castBallot(topicId, candidateId),
    // The counts are the server's (weighted, with delegation): read again once it has our ballot.
    onSuccess: (reply) => {
      // Issue #15: the ballot's receipt, for the member's later inclusion check.
      keepReceipt(ballotReceiptKey(topicId), reply.receipt);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: candidatesQueryKey(topicId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey }),
      ]);
    },
  });
}
