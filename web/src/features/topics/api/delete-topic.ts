import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommandReply } from '@civitas/events/command-reply';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { groupStatsQueryOptions } from '../../../lib/api/get-group-stats';
import { groupTopicsQueryOptions } from '../../../lib/api/get-group-topics';
import { topicQueryKey, topicUrl } from '../../../lib/api/get-topic';

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
    onSuccess: (_reply, { topicId, groupId }) =>
      Promise.all([
        // The group's list and its active-topic count no longer include it.
        queryClient.invalidateQueries({ queryKey: groupTopicsQueryOptions(groupId).queryKey }),
        queryClient.invalidateQueries({ queryKey: groupStatsQueryOptions(groupId).queryKey }),
        // The creator's topics count and participation score drop with it.
        queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey }),
        // Stale but not refetched: the page is leaving, and a later visit reads 'Topic not found'.
        queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId), refetchType: 'none' }),
      ]),
  });
}
