import { useQueryClient } from '@tanstack/react-query';
import { useLiveFrames } from '../../../lib/live-updates';
import { notificationsQueryOptions } from '../api/get-notifications';

/**
 * The bell and the page read the member's notifications again when a `notifications` frame says
 * they changed (at its position, already remembered, so the read sees the change) and after a
 * reconnect, which may have missed one.
 */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  // A burst of frames must not cancel the read under way.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey, exact: true }, { cancelRefetch: false });
  useLiveFrames((frame) => {
    if (frame.type === 'notifications') refresh();
  }, refresh);
}
