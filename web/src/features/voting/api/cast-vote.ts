import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, VoteReply, type CastVoteBody } from '@civitas/events/voting/vote.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { settleVote, voteFailed } from './vote-cache';

const VOTES_URL = '/api/votes';

export interface CastVoteInput extends CastVoteBody {
  /** One per click: a retried request of the same click counts once. */
  idempotencyKey: string;
}

/** Voting the type already voted removes the vote; the other type replaces it (server rule). */
export async function castVote({ opinionId, voteType, idempotencyKey }: CastVoteInput): Promise<VoteReply> {
  const response = await apiRequest('POST', VOTES_URL, { opinionId, voteType }, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
  return parseResponse(response, VoteReply, `POST ${VOTES_URL}`);
}

export function useCastVote(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (reply) => settleVote(queryClient, topicId, reply),
    onError: voteFailed('record'),
  });
}
