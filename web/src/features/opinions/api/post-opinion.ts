import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostOpinionReply, type PostOpinionBody } from '@civitas/events/opinions/opinion.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { topicQueryKey } from '../../../lib/api/get-topic';

const OPINIONS_URL = '/api/opinions';

export async function postOpinion(body: PostOpinionBody): Promise<PostOpinionReply> {
  const response = await apiRequest('POST', OPINIONS_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, PostOpinionReply, `POST ${OPINIONS_URL}`);
}

export function usePostOpinion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOpinion,
    onSuccess: (_reply, { topicId }) =>
      Promise.all([
        // The topic (opinion count), its opinions (the new one takes its place by tally) and its stats.
        queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId) }),
        // Posting raises the participation score.
        queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey }),
      ]),
  });
}
