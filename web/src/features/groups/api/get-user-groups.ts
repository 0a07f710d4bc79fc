import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserGroupView } from '@civitas/events/groups/group.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export const USER_GROUPS_URL = '/api/user/groups';

export type UserGroup = UserGroupView;

/** The signed-in member's memberships, each with its group. */
export async function fetchUserGroups(signal?: AbortSignal): Promise<UserGroup[]> {
  const response = await apiRequest('GET', USER_GROUPS_URL, undefined, { signal });
  return parseResponse(response, z.array(UserGroupView), `GET ${USER_GROUPS_URL}`);
}

export function userGroupsQueryOptions() {
  return queryOptions({
    queryKey: [USER_GROUPS_URL],
    queryFn: ({ signal }) => fetchUserGroups(signal),
  });
}

export function useUserGroups() {
  return useQuery(userGroupsQueryOptions());
}

/** The member's own family group: the one /group/1 stands for. */
export function ownFamilyGroupId(memberships: UserGroup[]): number | null {
  const own = memberships.find((membership) => membership.role === 'owner' && membership.group.department === 'family');
  return own?.group.id ?? null;
}
