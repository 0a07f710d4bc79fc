import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserGroupView } from '@civitas/events/groups/group.contract';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { refetchOnEachVisit } from './each-visit';

export { UserGroupView };

export const USER_GROUPS_URL = '/api/user/groups';

/** The signed-in member's memberships, each with isLeader (a main election's winner leads the group). */
export async function fetchUserGroups(signal?: AbortSignal): Promise<UserGroupView[]> {
  const response = await apiRequest('GET', USER_GROUPS_URL, undefined, { signal });
  return parseResponse(response, z.array(UserGroupView), `GET ${USER_GROUPS_URL}`);
}

export function userGroupsQueryOptions() {
  return queryOptions({
    queryKey: [USER_GROUPS_URL],
    // Elections close without us: each visit reads the memberships (and so leadership) again.
    refetchOnMount: refetchOnEachVisit,
    queryFn: ({ signal }) => fetchUserGroups(signal),
  });
}

export function useUserGroups() {
  return useQuery(userGroupsQueryOptions());
}

/** docs/product.md, Screens (profile badges): a leader in any group. */
export const leadsAnyGroup = (memberships: readonly UserGroupView[]) => memberships.some((membership) => membership.isLeader);
