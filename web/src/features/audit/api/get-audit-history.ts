import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditHistory, type AuditSubjectType } from '@civitas/events/audit/audit.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { auditHistoryKey } from './audit-keys';

export async function fetchAuditHistory(subjectType: AuditSubjectType, subjectId: string, signal?: AbortSignal): Promise<AuditHistory> {
  const url = `/api/admin/audit/${subjectType}/${encodeURIComponent(subjectId)}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, AuditHistory, `GET /api/admin/audit/${subjectType}/<id>`);
}

export const auditHistoryQueryOptions = (subjectType: AuditSubjectType, subjectId: string) =>
  queryOptions({
    queryKey: auditHistoryKey(subjectType, subjectId),
    queryFn: ({ signal }) => fetchAuditHistory(subjectType, subjectId, signal),
    refetchOnMount: 'always',
  });

/** GET /api/admin/audit/<type>/<id>: one item's whole history, oldest first. */
export function useAuditHistory(subjectType: AuditSubjectType, subjectId: string) {
  return useQuery(auditHistoryQueryOptions(subjectType, subjectId));
}
