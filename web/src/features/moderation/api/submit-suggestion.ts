import { useMutation } from '@tanstack/react-query';
import { SubmitSuggestionBody, SubmitSuggestionReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';

export { SubmitSuggestionBody };

const SUGGESTION_URL = '/api/feedback/suggestion';

/** docs/product.md, Calls 'Feedback': a suggestion for the platform. */
export async function submitSuggestion(body: SubmitSuggestionBody): Promise<SubmitSuggestionReply> {
  const response = await apiRequest('POST', SUGGESTION_URL, body, { headers: idempotencyHeaders() });
  return parseResponse(response, SubmitSuggestionReply, `POST ${SUGGESTION_URL}`);
}

export function useSubmitSuggestion() {
  return useMutation({ mutationFn: submitSuggestion });
}
