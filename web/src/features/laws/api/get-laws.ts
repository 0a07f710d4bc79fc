import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LawView } from '@civitas/events/topics/topic.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { LawView };

/** A group's enacted laws, newest first. */
export async function fetchLaws(groupId: number, signal?: AbortSignal): Promise<LawView[]> {
  const url = `/api/laws/${groupId}`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(LawView), `GET ${url}`);
}

export function lawsQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: ['/api/laws', groupId],
    queryFn: ({ signal }) => fetchLaws(groupId, signal),
  });
}

export function useLaws(groupId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...lawsQueryOptions(groupId), enabled: options.enabled });
}
