import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewSuggestionBody, ReviewSuggestionReply } from '@civitas/events/moderation/feedback.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY, ADMIN_SUGGESTIONS_KEY } from './admin-feedback';

export { ReviewSuggestionBody };

const reviewUrl = (suggestionId: string) => `/api/admin/suggestions/${encodeURIComponent(suggestionId)}/update`;

export async function reviewSuggestion(suggestionId: string, body: ReviewSuggestionBody): Promise<ReviewSuggestionReply> {
  const url = reviewUrl(suggestionId);
  const response = await apiRequest('POST', url, body);
  return parseResponse(response, ReviewSuggestionReply, `POST ${url}`);
}

/** An admin sets a suggestion's status, priority and notes; the list and the audit trail are read again. */
export function useReviewSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suggestionId, body }: { suggestionId: string; body: ReviewSuggestionBody }) => reviewSuggestion(suggestionId, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_SUGGESTIONS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
