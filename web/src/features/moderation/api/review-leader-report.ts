import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewLeaderReportBody, ReviewLeaderReportReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY } from './admin-feedback';
import { leaderReportsQueryKey } from './leader-reports';

export { ReviewLeaderReportBody };

export async function reviewLeaderReport(leaderReportId: string, body: ReviewLeaderReportBody): Promise<ReviewLeaderReportReply> {
  const url = `/api/leader-reports/${encodeURIComponent(leaderReportId)}/update`;
  const response = await apiRequest('POST', url, body);
  return parseResponse(response, ReviewLeaderReportReply, `POST ${url}`);
}

/** A leader of the group (or an admin) sets a leader report's status and notes; the group's list is read again. */
export function useReviewLeaderReport(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leaderReportId, body }: { leaderReportId: string; body: ReviewLeaderReportBody }) => reviewLeaderReport(leaderReportId, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: leaderReportsQueryKey(groupId) }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
