import { useQueryClient } from '@tanstack/react-query';
import { useLiveFrames } from '../../../lib/live-updates';
import { platformStatsQueryOptions } from '../../../features/dashboard/api/get-platform-stats';

/**
 * docs/product.md, Calls: the platform statistics are read again when a statsUpdate frame arrives (at its
 * position, already remembered), and after a reconnect, which may have missed one.
 */
export function useDashboardLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: platformStatsQueryOptions().queryKey, exact: true }, { cancelRefetch: false });
  useLiveFrames((frame) => {
    if (frame.type === 'statsUpdate') refresh();
  }, refresh);
}
