import type { QueryClient } from '@tanstack/react-query';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';

export const USER_DELEGATIONS_KEY = ['/api/user/delegations'] as const;
/** GET /api/delegations/<groupId> lives under this prefix. */
export const GROUP_DELEGATIONS_KEY = ['/api/delegations'] as const;

/**
 * A delegation changes who carries whose weight: the member's lists, every weighted count
 * (opinions and candidates live under the topics' keys), the receipts and the counts in the
 * member's stats. Each read waits for the command's position (read-your-writes). The member's
 * own delegations are awaited (the success toast follows them); the counts refresh meanwhile.
 */
export function refreshAfterDelegationChange(queryClient: QueryClient): Promise<unknown> {
  void queryClient.invalidateQueries({ queryKey: ['/api/topics'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/opinions'] });
  void queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey });
  return Promise.all([queryClient.invalidateQueries({ queryKey: USER_DELEGATIONS_KEY }), queryClient.invalidateQueries({ queryKey: GROUP_DELEGATIONS_KEY })]);
}
