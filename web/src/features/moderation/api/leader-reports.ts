import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LeaderReportView } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export type { LeaderReportView };

export const leaderReportsQueryKey = (groupId: number) => ['leader-reports', groupId] as const;

/** GET /api/leader-reports?groupId=: the group's leader reports, newest first (its leaders and admins). */
export async function fetchLeaderReports(groupId: number, signal?: AbortSignal): Promise<LeaderReportView[]> {
  const url = `/api/leader-reports?groupId=${groupId}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(LeaderReportView), `GET ${url}`);
}

export function leaderReportsQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: leaderReportsQueryKey(groupId),
    // Members file reports while the leader is away: each visit reads them again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchLeaderReports(groupId, signal),
  });
}

export function useLeaderReports(groupId: number, enabled = true) {
  return useQuery({ ...leaderReportsQueryOptions(groupId), enabled });
}
