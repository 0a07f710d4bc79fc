import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReceiptView } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { ReceiptView };

/** Where the member's weight went on an opinion: voted directly, the chain to the voter, or why it abstained. */
export async function fetchReceipt(opinionId: string, signal?: AbortSignal): Promise<ReceiptView> {
  const url = `/api/opinions/${encodeURIComponent(opinionId)}/receipt`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, ReceiptView, `GET ${url}`);
}

export function receiptQueryOptions(opinionId: string) {
  return queryOptions({
    queryKey: ['/api/opinions', opinionId, 'receipt'],
    // Votes and delegations of others move it: each opening reads it afresh.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchReceipt(opinionId, signal),
  });
}

export function useReceipt(opinionId: string, enabled = true) {
  return useQuery({ ...receiptQueryOptions(opinionId), enabled });
}
