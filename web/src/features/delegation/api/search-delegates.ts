import { useMutation } from '@tanstack/react-query';
import { DelegateSearchBody, DelegateSearchReply } from '@civitas/events/delegation/delegation.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { DelegateSearchBody };
export type DelegateSearchResult = DelegateSearchReply['delegates'][number];

const SEARCH_URL = '/api/delegates/search';

/** Members of the group whose first or last name matches (any case, any accents). */
export async function searchDelegates(body: DelegateSearchBody): Promise<DelegateSearchResult[]> {
  const response = await apiRequest('POST', SEARCH_URL, body);
  return (await parseResponse(response, DelegateSearchReply, `POST ${SEARCH_URL}`)).delegates;
}

/** A search is a POST (docs/product.md, Calls), so it runs as a mutation: each press of Search asks again. */
export function useSearchDelegates() {
  return useMutation({ mutationFn: searchDelegates });
}
