import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegisterCandidateReply } from '@civitas/events/elections/election.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { topicUrl } from '../../../lib/api/get-topic';
import { mainElectionQueryKey } from './get-main-election';
import { candidatesQueryKey } from './get-candidates';

const CANDIDATES_URL = '/api/candidates';

export interface RegisterCandidateInput {
  topicId: string;
  /** Optional: a few words to the voters. */
  statement?: string;
}

/** POST /api/candidates {topicId}: the topic page's form; the member runs in the election (once; needs a subscription). */
export async function registerCandidate({ topicId, statement }: RegisterCandidateInput): Promise<RegisterCandidateReply> {
  const response = await apiRequest('POST', CANDIDATES_URL, statement ? { topicId, statement } : { topicId }, { headers: idempotencyHeaders() });
  return parseResponse(response, RegisterCandidateReply, `POST ${CANDIDATES_URL}`);
}

/**
 * POST /api/topics/<id>/candidates {topicId, userId}: the group page's form (the other one of docs/product.md,
 * Calls); userId is the member's own. The statement rides along as on POST /api/candidates (docs/decisions.md).
 */
export async function registerInElection({ topicId, userId, statement }: RegisterCandidateInput & { userId: string }): Promise<RegisterCandidateReply> {
  const url = `${topicUrl(topicId)}/candidates`;
  const response = await apiRequest('POST', url, statement ? { topicId, userId, statement } : { topicId, userId }, { headers: idempotencyHeaders() });
  return parseResponse(response, RegisterCandidateReply, `POST ${url}`);
}

function useRefreshCandidates(topicId: string) {
  const queryClient = useQueryClient();
  return ({ candidate }: RegisterCandidateReply) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: candidatesQueryKey(topicId) }),
      // The group's leadership card counts the candidates.
      queryClient.invalidateQueries({ queryKey: mainElectionQueryKey(candidate.groupId) }),
    ]);
}

export function useRegisterCandidate(topicId: string) {
  return useMutation({ mutationFn: registerCandidate, onSuccess: useRefreshCandidates(topicId) });
}

export function useRegisterInElection(topicId: string, userId: string) {
  return useMutation({ mutationFn: (statement?: string) => registerInElection({ topicId, userId, statement }), onSuccess: useRefreshCandidates(topicId) });
}
