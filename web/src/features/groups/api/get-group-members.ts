import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupMemberView } from '@civitas/events/groups/group.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { GroupMemberView };

/** GET /api/groups/<id>/members: who is in a personal group (its members only may ask). */
export async function fetchGroupMembers(groupId: number, signal?: AbortSignal): Promise<GroupMemberView[]> {
  const url = `/api/groups/${groupId}/members`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(GroupMemberView), `GET ${url}`);
}

export function useGroupMembers(groupId: number) {
  return useQuery(
    queryOptions({
      // Under the group's key: an accepted invitation or a cut friendship refreshes it with the group.
      queryKey: ['/api/groups', groupId, 'members'],
      queryFn: ({ signal }) => fetchGroupMembers(groupId, signal),
    }),
  );
}
