import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorStatus } from '../lib/server-message';
import { PageSkeleton } from './page-skeleton';
import { QueryErrorAlert } from './query-error';

/**
 * What a page shows while its main query has no data: its skeleton, its own not-found page for
 * a 404 (the error rule puts the status first), or what went wrong with a Retry.
 */
export function QueryFallback({ query, loadingLabel, notFound }: { query: UseQueryResult<unknown, Error>; loadingLabel: string; notFound: ReactNode }) {
  if (query.isPending) return <PageSkeleton label={loadingLabel} />;
  if (query.isError && errorStatus(query.error) === 404) return <>{notFound}</>;
  return query.error ? <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null;
}
