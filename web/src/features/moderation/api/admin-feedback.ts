import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminReportItem, AdminSuggestionItem } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export type { AdminReportItem, AdminSuggestionItem };

const REPORTS_URL = '/api/admin/reports';
const SUGGESTIONS_URL = '/api/admin/suggestions';

/** The admin panel's keys (the composition contract): each review invalidates its list and the audit. */
export const ADMIN_REPORTS_KEY = ['admin', 'reports'] as const;
export const ADMIN_SUGGESTIONS_KEY = ['admin', 'suggestions'] as const;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

export async function fetchAdminReports(signal?: AbortSignal): Promise<AdminReportItem[]> {
  const response = await apiRequest('GET', REPORTS_URL, undefined, { signal });
  return parseResponse(response, z.array(AdminReportItem), `GET ${REPORTS_URL}`);
}

export async function fetchAdminSuggestions(signal?: AbortSignal): Promise<AdminSuggestionItem[]> {
  const response = await apiRequest('GET', SUGGESTIONS_URL, undefined, { signal });
  return parseResponse(response, z.array(AdminSuggestionItem), `GET ${SUGGESTIONS_URL}`);
}

export const adminReportsQueryOptions = () =>
  // Members report while the admin looks elsewhere: each visit to the panel reads the list again.
  queryOptions({ queryKey: ADMIN_REPORTS_KEY, refetchOnMount: 'always', queryFn: ({ signal }) => fetchAdminReports(signal) });

export const adminSuggestionsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_SUGGESTIONS_KEY, refetchOnMount: 'always', queryFn: ({ signal }) => fetchAdminSuggestions(signal) });

/** GET /api/admin/reports: every report, newest first (admins only). */
export function useAdminReports() {
  return useQuery(adminReportsQueryOptions());
}

/** GET /api/admin/suggestions: every suggestion, newest first (admins only). */
export function useAdminSuggestions() {
  return useQuery(adminSuggestionsQueryOptions());
}
