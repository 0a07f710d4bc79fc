import type { Query } from '@tanstack/react-query';

// Reads that are asked again on each visit (refetchOnMount 'always'), except the page the visit
// arrived on, right after its prefetch (app/first-visit-prefetch.ts): that data was read moments
// ago, while the session was, and reading it again would double the first load's requests.
// refetchOnMount is consulted more than once per mount, and by each component using the query,
// so the mark holds for the prefetched data for a short while rather than for one call.
const ARRIVAL_WINDOW_MS = 5000;
const prefetchedForArrival = new WeakMap<Query<any, any, any, any>, number>();

export function markPrefetchedForArrival(query: Query<any, any, any, any> | undefined): void {
  if (query) prefetchedForArrival.set(query, query.state.dataUpdatedAt);
}

/** For refetchOnMount: 'always', unless this is the arrival prefetch's own data, still fresh. */
export function refetchOnEachVisit(query: Query<any, any, any, any>): boolean | 'always' {
  const prefetchedAt = prefetchedForArrival.get(query);
  const arrival = prefetchedAt !== undefined && prefetchedAt === query.state.dataUpdatedAt && Date.now() - prefetchedAt < ARRIVAL_WINDOW_MS;
  return arrival ? false : 'always';
}
