import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FriendView } from '@civitas/events/invitations/invitation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { FriendView };

/** The owner's friends: active ones first, cut ones after (status 'cut'). */
export async function fetchFriends(groupId: number, signal?: AbortSignal): Promise<FriendView[]> {
  const url = `/api/friends/${groupId}/friends`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(FriendView), `GET ${url}`);
}

export function friendsQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: ['/api/friends', groupId, 'friends'],
    queryFn: ({ signal }) => fetchFriends(groupId, signal),
  });
}

export function useFriends(groupId: number) {
  return useQuery(friendsQueryOptions(groupId));
}
