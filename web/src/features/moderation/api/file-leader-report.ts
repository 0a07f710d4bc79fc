import { useMutation } from '@tanstack/react-query';
import { FileLeaderReportBody, FileLeaderReportReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';

export { FileLeaderReportBody };

const LEADER_REPORTS_URL = '/api/leader-reports';

/** A member reports another member of a group to the group's leaders. */
export async function fileLeaderReport(body: FileLeaderReportBody): Promise<FileLeaderReportReply> {
  const response = await apiRequest('POST', LEADER_REPORTS_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, FileLeaderReportReply, `POST ${LEADER_REPORTS_URL}`);
}

export function useFileLeaderReport() {
  return useMutation({ mutationFn: fileLeaderReport });
}
