import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommandReply } from '@civitas/events/command-reply';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';
import { markGroupReadsStale } from './group-reads';

export interface DeleteTopicInput {
  topicId: string;
  groupId: number;
}

export async function deleteTopic({ topicId }: DeleteTopicInput): Promise<CommandReply> {
  const url = topicUrl(topicId);
  const response = await apiRequest('DELETE', url);
  return parseResponse(response, CommandReply, `DELETE ${url}`);
}

export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTopic,
    // Not awaited: the member leaves for the group at once, the reads refresh meanwhile.
    onSuccess: (_reply, { topicId, groupId }) => {
      // The group's list and its active-topic count no longer include it.
      void markGroupReadsStale(queryClient, groupId);
      // The creator's topics count and participation score drop with it.
      void queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey });
      // Stale but not refetched: the page is leaving, and a later visit reads 'Topic not found'.
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), refetchType: 'none' });
    },
  });
}
