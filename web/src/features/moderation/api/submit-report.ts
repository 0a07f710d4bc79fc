import { useMutation } from '@tanstack/react-query';
import { SubmitReportBody, SubmitReportReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';

export { SubmitReportBody };

const REPORT_URL = '/api/feedback/report';

/** docs/product.md, Calls 'Feedback': a report, optionally about a topic, opinion or chat message. */
export async function submitReport(body: SubmitReportBody): Promise<SubmitReportReply> {
  const response = await apiRequest('POST', REPORT_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, SubmitReportReply, `POST ${REPORT_URL}`);
}

export function useSubmitReport() {
  return useMutation({ mutationFn: submitReport });
}
