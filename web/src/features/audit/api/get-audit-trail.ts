import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AuditPage } from '@civitas/events/audit/audit.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditListKey, type AuditFilters } from './audit-keys';

export type { AuditEntryView } from '@civitas/events/audit/audit.contract';

const URL = '/api/admin/audit';

export async function fetchAuditPage(filters: AuditFilters, before: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const search = new URLSearchParams(
    Object.entries({ ...filters, ...(before ? { before } : {}) }).filter(([, value]) => value !== undefined) as Array<[string, string]>,
  ).toString();
  const url = search ? `${URL}?${search}` : URL;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, AuditPage, `GET ${URL}`);
}

export const auditTrailQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditListKey(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Decisions are taken by other admins too: each visit to the tab reads the trail again.
    refetchOnMount: 'always',
  });

/** GET /api/admin/audit: the trail newest first, a page at a time (admins and auditors). */
export function useAuditTrail(filters: AuditFilters) {
  return useInfiniteQuery(auditTrailQueryOptions(filters));
}
