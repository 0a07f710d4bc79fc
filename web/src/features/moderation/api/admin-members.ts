import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AdminMembersPage, type AdminMemberView } from '@civitas/events/moderation/roles.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export type { AdminMemberView };

const URL = '/api/admin/users';
export const ADMIN_MEMBERS_KEY = ['admin', 'members'] as const;

export async function fetchAdminMembers(search: string, before: string | null, signal?: AbortSignal): Promise<AdminMembersPage> {
  const query = new URLSearchParams({ ...(search ? { search } : {}), ...(before ? { before } : {}) }).toString();
  const response = await apiRequest('GET', query ? `${URL}?${query}` : URL, undefined, { signal });
  return parseResponse(response, AdminMembersPage, `GET ${URL}`);
}

export const adminMembersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_MEMBERS_KEY, search] as const,
    queryFn: ({ pageParam, signal }) => fetchAdminMembers(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });

/** GET /api/admin/users: members by name or e-mail, newest accounts first, a page at a time (admins). */
export function useAdminMembers(search: string) {
  return useInfiniteQuery(adminMembersQueryOptions(search));
}
