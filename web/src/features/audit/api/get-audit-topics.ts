import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AuditTopicsPage } from '@civitas/events/audit/history.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditTopicsKey } from './topic-audit-keys';

export type { AuditTopicsPage };
export type { AuditTopicView } from '@civitas/events/audit/history.contract';

const URL = '/api/audit/topics';

export async function fetchAuditTopics(before: string | null, signal?: AbortSignal): Promise<AuditTopicsPage> {
  const url = before ? `${URL}?${new URLSearchParams({ before }).toString()}` : URL;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, AuditTopicsPage, `GET ${URL}`);
}

export const auditTopicsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: auditTopicsKey(),
    queryFn: ({ pageParam, signal }) => fetchAuditTopics(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Topics open and close meanwhile: each visit reads the list again.
    refetchOnMount: 'always',
  });

/** GET /api/audit/topics: every topic and election, newest first, 20 a page (auditors and admins). */
export function useAuditTopics() {
  return useInfiniteQuery(auditTopicsQueryOptions());
}
