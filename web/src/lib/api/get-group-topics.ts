import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupTopicView, TopicView } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';

export { GroupTopicView, TopicView };

/** A group's topics, newest first: active and closed (deleted ones never). */
export async function fetchGroupTopics(groupId: number, signal?: AbortSignal): Promise<GroupTopicView[]> {
  const url = `/api/groups/${groupId}/topics`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(GroupTopicView), `GET ${url}`);
}

export function groupTopicsQueryOptions(groupId: number) {
  return queryOptions({
    // Under the group's key: a new verification (which invalidates ['/api/groups']) changes
    // canParticipate on every topic too.
    queryKey: ['/api/groups', groupId, 'topics'],
    queryFn: ({ signal }) => fetchGroupTopics(groupId, signal),
  });
}

export function useGroupTopics(groupId: number) {
  return useQuery(groupTopicsQueryOptions(groupId));
}
