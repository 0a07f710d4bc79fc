import type { QueryClient } from '@tanstack/react-query';
import { groupsQueryOptions } from '../../../lib/api/get-groups';
import { groupQueryOptions } from '../../../lib/api/get-group';

/**
 * Someone left the group: its member count changes on the group page (the group, its stats,
 * under its key) and in the groups list.
 */
export function invalidateGroupMembership(queryClient: QueryClient, groupId: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupQueryOptions(groupId).queryKey }),
    queryClient.invalidateQueries({ queryKey: groupsQueryOptions().queryKey, exact: true }),
  ]).then(() => undefined);
}
