import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateTopicBody, CreateTopicReply } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { markGroupReadsStale } from './group-reads';

export { CreateTopicBody };

const TOPICS_URL = '/api/topics';

export async function createTopic(body: CreateTopicBody): Promise<CreateTopicReply> {
  const response = await apiRequest('POST', TOPICS_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, CreateTopicReply, `POST ${TOPICS_URL}`);
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    // The group's list and counts, and the member's own topic count, now include it. Not
    // awaited: the member goes on to the new topic at once, the lists refresh meanwhile.
    onSuccess: ({ topic }) => {
      void markGroupReadsStale(queryClient, topic.groupId);
      void queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey });
    },
  });
}
