import { useQueryClient } from '@tanstack/react-query';
import { useLiveFrames } from '../../../lib/live-updates';
import { groupTopicsQueryOptions } from '../../../lib/api/get-group-topics';
import { groupStatsQueryOptions } from '../../../lib/api/get-group-stats';
import { groupQueryOptions } from '../../../lib/api/get-group';

/**
 * The group page follows the live socket: a change to one of its topics, or new numbers of a topic
 * it does not list yet (frames name the topic, not the group, and a topic just created here is not
 * in the list), refresh the topic list, the sidebar statistics and the group's member count; so
 * does a reconnect. Each read waits for the frame's position (already remembered).
 */
export function useGroupLiveUpdates(groupId: number): void {
  const queryClient = useQueryClient();
  const topicsKey = groupTopicsQueryOptions(groupId).queryKey;
  const statsKey = groupStatsQueryOptions(groupId).queryKey;
  // The group itself too: its member count moves with the statistics' Active Members.
  const refreshedKeys = [topicsKey, statsKey, groupQueryOptions(groupId).queryKey];
  const refresh = () => {
    // A burst of frames must not cancel the read under way.
    for (const queryKey of refreshedKeys) void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  };
  useLiveFrames((frame) => {
    if (frame.type !== 'opinions' && frame.type !== 'candidates' && frame.type !== 'topicStats') return;
    const listed = queryClient.getQueryData(topicsKey);
    const known = listed?.some((topic) => topic.id === frame.data.topicId) ?? false;
    // A listed topic's card shows its opinion count and status; an unlisted topic's new numbers may
    // be a topic just created here (or one of another group the member sees: a read too many).
    if (known || frame.type === 'topicStats') refresh();
  }, refresh);
}
