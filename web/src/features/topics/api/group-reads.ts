import type { QueryClient } from '@tanstack/react-query';
import { groupQueryOptions } from '../../../lib/api/get-group';
import { groupsQueryOptions } from '../../../lib/api/get-groups';

/**
 * A topic created or deleted changes the group's topics, its statistics and its member count
 * (open groups count who took part). The group, its stats and its topics share one key, so they
 * are read again together and the header never shows another count than the sidebar. The
 * catalogue (every group's count) is only marked stale: it is read again where it is next shown.
 */
export function markGroupReadsStale(queryClient: QueryClient, groupId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupQueryOptions(groupId).queryKey }),
    queryClient.invalidateQueries({ queryKey: groupsQueryOptions().queryKey, exact: true, refetchType: 'none' }),
  ]);
}
