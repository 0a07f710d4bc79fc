import type { QueryClient } from '@tanstack/react-query';
import { parseGroupId } from '../components/group-not-found';
import { groupQueryOptions } from '../lib/api/get-group';
import { groupStatsQueryOptions } from '../lib/api/get-group-stats';
import { groupTopicsQueryOptions } from '../lib/api/get-group-topics';
import { groupsQueryOptions } from '../lib/api/get-groups';
import { topicQueryOptions } from '../lib/api/get-topic';
import { topicOpinionsQueryOptions } from '../lib/api/get-topic-opinions';
import { topicStatsQueryOptions } from '../lib/api/get-topic-stats';
import { userGroupsQueryOptions } from '../lib/api/get-user-groups';
import { DashboardPage, GroupPage, TopicPage } from './route-pages';

/**
 * The first page of a visit asks for its code and its data while the session is read, not after
 * it (issue #32: at a 3 s delay the two waits in a row took about 7 s). Only the pages a member
 * lands on most (a deep link or a reload); a prefetch that turns out signed out is never shown.
 */
export function prefetchFirstPage(queryClient: QueryClient, location: string): void {
  // Each its own call: prefetchQuery's options are typed by the query they fetch.
  const prefetch = (...prefetches: Promise<void>[]) => void Promise.all(prefetches);
  if (location === '/') {
    DashboardPage.preload();
    prefetch(queryClient.prefetchQuery(groupsQueryOptions()), queryClient.prefetchQuery(userGroupsQueryOptions()));
    return;
  }
  const topic = /^\/topic\/([^/]+)$/.exec(location)?.[1];
  if (topic) {
    TopicPage.preload();
    const topicId = decodeURIComponent(topic);
    prefetch(
      queryClient.prefetchQuery(topicQueryOptions(topicId)),
      queryClient.prefetchQuery(topicStatsQueryOptions(topicId)),
      queryClient.prefetchQuery(topicOpinionsQueryOptions(topicId)),
    );
    return;
  }
  const group = /^\/group\/([^/]+)$/.exec(location)?.[1];
  const groupId = group === undefined ? null : parseGroupId(group);
  if (groupId !== null) {
    GroupPage.preload();
    prefetch(
      queryClient.prefetchQuery(groupQueryOptions(groupId)),
      queryClient.prefetchQuery(groupTopicsQueryOptions(groupId)),
      queryClient.prefetchQuery(groupStatsQueryOptions(groupId)),
      queryClient.prefetchQuery(userGroupsQueryOptions()),
    );
  }
}
