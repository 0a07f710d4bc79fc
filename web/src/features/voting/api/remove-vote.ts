import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VoteReply } from '@civitas/events/voting/vote.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { settleVote, voteFailed } from './vote-cache';

export async function removeVote(opinionId: string): Promise<VoteReply> {
  const url = `/api/votes/${encodeURIComponent(opinionId)}`;
  const response = await apiRequest('DELETE', url);
  return parseResponse(response, VoteReply, `DELETE ${url}`);
}

export function useRemoveVote(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVote,
    onSuccess: (reply) => settleVote(queryClient, topicId, reply),
    onError: voteFailed('remove'),
  });
}
