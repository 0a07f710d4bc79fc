import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReportActionBody, ReportActionReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY, ADMIN_REPORTS_KEY } from './admin-feedback';
import { ADMIN_MEMBERS_KEY } from './admin-members';

export { ReportActionBody };

const actionUrl = (reportId: string) => `/api/admin/reports/${encodeURIComponent(reportId)}/action`;

/** POST /api/admin/reports/<id>/action {action, reason}: hide or restore the item, warn or ban its author. */
export async function actOnReport(reportId: string, body: ReportActionBody): Promise<ReportActionReply> {
  const response = await apiRequest('POST', actionUrl(reportId), body);
  return parseResponse(response, ReportActionReply, 'POST /api/admin/reports/<id>/action');
}

/** The reports (the item's hidden state), the members (a ban) and the audit trail are read again after each action. */
export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ReportActionBody }) => actOnReport(reportId, body),
    onSuccess: () => Promise.all([ADMIN_REPORTS_KEY, ADMIN_MEMBERS_KEY, ADMIN_AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
