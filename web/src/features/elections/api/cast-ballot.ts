import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BallotReply, type BallotBody } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { topicUrl } from '../../../lib/api/get-topic';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { ballotReceiptKey, keepReceipt } from '../../../lib/vote-receipts';
import { candidatesQueryKey, type CandidateView } from './get-candidates';
import { topicResultQueryKey, type TopicResultView } from './get-topic-result';

export type { BallotBody };

/**
 * POST /api/topics/<id>/ballot, the field the election's method takes (issue #34): `{ candidateId }`
 * (plurality: the same candidate again withdraws it, another moves it; the answer says which),
 * `{ ranking }` (Schulze) or `{ approvals }` (approval), which replace the member's ballot whole.
 * A plurality ballot toggles, so each click carries its own Idempotency-Key: a retried request counts once.
 */
export async function castBallot(topicId: string, body: BallotBody): Promise<BallotReply> {
  const url = `${topicUrl(topicId)}/ballot`;
  const response = await apiRequest('POST', url, body, { headers: idempotencyHeaders() });
  return parseResponse(response, BallotReply, `POST ${url}`);
}

/**
 * A ranked or approval ballot as the answer records it (approvals are one tier), on the candidates
 * shown until their read comes back (a law's ranking: on its result): the ballot on screen is the
 * cast one at once, not the one before.
 */
function showRecordedBallot(queryClient: QueryClient, topicId: string, reply: BallotReply): void {
  const tiers = reply.ranking ?? (reply.approvals ? [reply.approvals] : null);
  if (!tiers) return;
  queryClient.setQueryData<CandidateView[]>(candidatesQueryKey(topicId), (candidates) =>
    candidates?.map((candidate) => {
      const tier = tiers.findIndex((ids) => ids.includes(candidate.id));
      return { ...candidate, myRank: tier < 0 ? null : tier, isMyChoice: tier === 0 };
    }),
  );
  queryClient.setQueryData<TopicResultView>(topicResultQueryKey(topicId), (result) => (result?.kind === 'opinions' ? { ...result, myRanking: tiers } : result));
}

export function useCastBallot(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BallotBody) => castBallot(topicId, body),
    // The counts are the server's (weighted, with delegation): read again once it has our ballot.
    onSuccess: (reply) => {
      // Issue #15: the ballot's receipt, for the member's later inclusion check.
      keepReceipt(ballotReceiptKey(topicId), reply.receipt);
      showRecordedBallot(queryClient, topicId, reply);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: candidatesQueryKey(topicId) }),
        queryClient.invalidateQueries({ queryKey: topicResultQueryKey(topicId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey }),
      ]);
    },
  });
}
