import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { parseGroupId } from '../components/group-not-found';
import { groupQueryOptions } from '../lib/api/get-group';
import { groupStatsQueryOptions } from '../lib/api/get-group-stats';
import { groupTopicsQueryOptions } from '../lib/api/get-group-topics';
import { groupsQueryOptions } from '../lib/api/get-groups';
import { topicQueryOptions } from '../lib/api/get-topic';
import { topicOpinionsQueryOptions } from '../lib/api/get-topic-opinions';
import { topicStatsQueryOptions } from '../lib/api/get-topic-stats';
import { userGroupsQueryOptions } from '../lib/api/get-user-groups';
import { markPrefetchedForArrival } from '../lib/api/each-visit';
import { DashboardPage, GroupPage, TopicPage } from './route-pages';

/**
 * The first page of a visit asks for its code and its data while the session is read, not after
 * it (issue #32: at a 3 s delay the two waits in a row took about 7 s). Only the pages a member
 * lands on most (a deep link or a reload); a prefetch that turns out signed out is never shown.
 */
export function prefetchFirstPage(queryClient: QueryClient, location: string): void {
  // Once read, the page's first mount takes the data as it is (lib/api/each-visit.ts); a page that
  // mounted meanwhile shared the read already, so it is not marked.
  const arrived = (queryKey: QueryKey) => () => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query?.state.status === 'success' && query.getObserversCount() === 0) markPrefetchedForArrival(query);
  };
  // Each its own call: prefetchQuery's options are typed by the query they fetch.
  if (location === '/') {
    DashboardPage.preload();
    const groups = groupsQueryOptions();
    const memberships = userGroupsQueryOptions();
    void queryClient.prefetchQuery(groups).then(arrived(groups.queryKey));
    void queryClient.prefetchQuery(memberships).then(arrived(memberships.queryKey));
    return;
  }
  const topic = /^\/topic\/([^/]+)$/.exec(location)?.[1];
  if (topic) {
    TopicPage.preload();
    const topicId = decodeURIComponent(topic);
    const view = topicQueryOptions(topicId);
    const stats = topicStatsQueryOptions(topicId);
    const opinions = topicOpinionsQueryOptions(topicId);
    void queryClient.prefetchQuery(view).then(arrived(view.queryKey));
    void queryClient.prefetchQuery(stats).then(arrived(stats.queryKey));
    void queryClient.prefetchQuery(opinions).then(arrived(opinions.queryKey));
    return;
  }
  const group = /^\/group\/([^/]+)$/.exec(location)?.[1];
  const groupId = group === undefined ? null : parseGroupId(group);
  if (groupId !== null) {
    GroupPage.preload();
    const memberships = userGroupsQueryOptions();
    void queryClient.prefetchQuery(groupQueryOptions(groupId));
    void queryClient.prefetchQuery(groupTopicsQueryOptions(groupId));
    void queryClient.prefetchQuery(groupStatsQueryOptions(groupId));
    void queryClient.prefetchQuery(memberships).then(arrived(memberships.queryKey));
  }
}
