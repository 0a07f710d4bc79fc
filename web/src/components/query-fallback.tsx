import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorStatus } from '../lib/server-message';
import { FullPageSpinner } from './full-page-spinner';

/**
 * What a page shows while its main query has no data: the spinner, its own not-found page for
 * a 404 (the error rule puts the status first), or the server's message.
 */
export function QueryFallback({ query, loadingLabel, notFound }: { query: UseQueryResult<unknown, Error>; loadingLabel: string; notFound: ReactNode }) {
  if (query.isPending) return <FullPageSpinner label={loadingLabel} />;
  if (query.isError && errorStatus(query.error) === 404) return <>{notFound}</>;
  return <Alert severity="error">{query.error?.message}</Alert>;
}
