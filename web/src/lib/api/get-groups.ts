import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { parseResponse } from '../parse-response';
import { Group } from './group';

const GROUPS_URL = '/api/groups';

export async function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  const response = await apiRequest('GET', GROUPS_URL, undefined, { signal });
  return parseResponse(response, z.array(Group), `GET ${GROUPS_URL}`);
}

export function groupsQueryOptions() {
  return queryOptions({
    queryKey: [GROUPS_URL],
    queryFn: ({ signal }) => fetchGroups(signal),
  });
}

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
