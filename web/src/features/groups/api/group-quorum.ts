import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GroupQuorumView, type SetQuorumBody } from '@civitas/events/groups/quorum.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { GroupQuorumView };

const quorumUrl = (groupId: number) => `/api/groups/${groupId}/quorum`;

export function groupQuorumQueryOptions(groupId: number) {
  return queryOptions({
    // Under the group's key: what refreshes the group refreshes its quorums too.
    queryKey: ['/api/groups', groupId, 'quorum'] as const,
    queryFn: async ({ signal }) => {
      const url = quorumUrl(groupId);
      const response = await apiRequest('GET', url, undefined, { signal });
      return parseResponse(response, GroupQuorumView, `GET ${url}`);
    },
  });
}

/** GET /api/groups/<id>/quorum (issue #34 item 3): each deciding type's quorum, and whether this member may set them. */
export function useGroupQuorum(groupId: number) {
  return useQuery(groupQuorumQueryOptions(groupId));
}

/** PUT /api/groups/<id>/quorum: a leader sets one type's quorum; the answer is the group's quorums as they now stand. */
export function useSetQuorum(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetQuorumBody) => {
      const url = quorumUrl(groupId);
      const response = await apiRequest('PUT', url, body);
      return parseResponse(response, GroupQuorumView, `PUT ${url}`);
    },
    onSuccess: (view) => queryClient.setQueryData(groupQuorumQueryOptions(groupId).queryKey, view),
  });
}
