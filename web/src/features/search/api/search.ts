import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SearchReply } from '@civitas/events/search/search.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchReply };
export type { HighlightedText, SearchGroupHit, SearchLawHit, SearchMemberHit, SearchOpinionHit, SearchTopicHit } from '@civitas/events/search/search.contract';

/** The text as the server takes it (trimmed); the length it counts is in code points. */
export const searchText = (raw: string) => raw.trim();
export const isSearchable = (text: string) => [...text].length >= SEARCH_MIN_LENGTH && [...text].length <= SEARCH_MAX_LENGTH;

/** Where a search's results are: the header box and the results page's own box go here. */
export const searchPath = (text: string) => `/search?q=${encodeURIComponent(searchText(text))}`;

export async function fetchSearch(q: string, signal?: AbortSignal): Promise<SearchReply> {
  const url = `/api/search?q=${encodeURIComponent(q)}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, SearchReply, 'GET /api/search');
}

/** One search per text; a text too short to search asks nothing (the page says why). */
export function useSearch(q: string) {
  return useQuery({
    queryKey: ['/api/search', q],
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled: isSearchable(q),
    // The previous results stay while the next ones load: no flash of an empty page.
    placeholderData: keepPreviousData,
  });
}
