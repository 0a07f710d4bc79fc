import { useQueryClient } from '@tanstack/react-query';
import { useLiveFrames } from '../../../lib/live-updates';
import { topicQueryKey } from '../../../lib/api/get-topic';
import { topicOpinionsQueryKey } from '../../../lib/api/get-topic-opinions';
import { topicStatsQueryKey } from '../../../lib/api/get-topic-stats';
import { candidatesQueryKey } from '../../../features/elections/api/get-candidates';
import { topicTimelineKey } from '../../../features/audit/api/topic-audit-keys';

/**
 * The topic page follows the live socket: another member's opinion or vote ('opinions'), a
 * candidacy or ballot ('candidates') and new numbers ('topicStats') refetch what they changed.
 * The frame's position is already remembered, so each read waits until the query side shows it.
 * The timeline (its keys live apart, under the audit reads) is read again on each of them: any vote,
 * ballot or opinion, the member's own too, moves it. After a reconnect, everything under the topic
 * (stats, opinions, candidates, chat) and the timeline are read again.
 */
export function useTopicLiveUpdates(topicId: string): void {
  const queryClient = useQueryClient();
  // A burst of frames must not cancel the read under way; the last read still starts after the last frame.
  const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  useLiveFrames(
    (frame) => {
      if (frame.type === 'chat' || frame.type === 'statsUpdate' || frame.type === 'notifications' || frame.type === 'error') return;
      if (frame.data.topicId !== topicId) return;
      refetch(topicTimelineKey(topicId));
      if (frame.type === 'opinions') refetch(topicOpinionsQueryKey(topicId));
      if (frame.type === 'candidates') refetch(candidatesQueryKey(topicId));
      if (frame.type === 'topicStats') {
        refetch(topicStatsQueryKey(topicId));
        // The topic's own row carries its opinion count and status.
        refetch(topicQueryKey(topicId));
      }
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: topicQueryKey(topicId) });
      void queryClient.invalidateQueries({ queryKey: topicTimelineKey(topicId) });
    },
  );
}
