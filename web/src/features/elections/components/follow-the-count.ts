import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { topicQueryOptions, type TopicView } from '../../../lib/api/get-topic';
import type { ElectionPhase } from './election-phase';

/** While counting, the topic is read again this often: the live socket tells of the close too, this is the fallback. */
const COUNTING_REFRESH_MS = 5_000;

/**
 * Counting: the server closes the topic a little after its end; read it until then. Decided: the
 * reads that show the final count (`refresh`) are read again.
 */
export function useFollowTheCount(topic: TopicView, phase: ElectionPhase, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  useQuery({ ...topicQueryOptions(topic.id), enabled: phase === 'counting', refetchInterval: COUNTING_REFRESH_MS });
  const shownStatus = useRef(topic.status);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (shownStatus.current === topic.status) return;
    shownStatus.current = topic.status;
    for (const queryKey of latest.current) void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [queryClient, topic.status]);
}
