import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewReportBody, ReviewReportReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY, ADMIN_REPORTS_KEY } from './admin-feedback';

export { ReviewReportBody };

const reviewUrl = (reportId: string) => `/api/admin/reports/${encodeURIComponent(reportId)}/update`;

export async function reviewReport(reportId: string, body: ReviewReportBody): Promise<ReviewReportReply> {
  const url = reviewUrl(reportId);
  const response = await apiRequest('POST', url, body);
  return parseResponse(response, ReviewReportReply, `POST ${url}`);
}

/** An admin sets a report's status and notes; the list and the audit trail are read again (section 7: refetched after each admin mutation). */
export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ReviewReportBody }) => reviewReport(reportId, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
