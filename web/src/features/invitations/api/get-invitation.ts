import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationLookup } from '@civitas/events/invitations/invitation.contract';
import type { InvitationKind } from '@civitas/events/invitations/invitation.events';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { InvitationLookup };
export type { InvitationKind };

/** GET /api/{family,friends,business}/invite/<token>: readable by anyone holding the link. */
export function invitationUrl(kind: InvitationKind, token: string): string {
  return `/api/${kind}/invite/${encodeURIComponent(token)}`;
}

export async function fetchInvitation(kind: InvitationKind, token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  const url = invitationUrl(kind, token);
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, InvitationLookup, `GET ${url}`);
}

export function invitationQueryKey(kind: InvitationKind, token: string) {
  return [`/api/${kind}/invite`, token] as const;
}

export function invitationQueryOptions(kind: InvitationKind, token: string) {
  return queryOptions({
    queryKey: invitationQueryKey(kind, token),
    queryFn: ({ signal }) => fetchInvitation(kind, token, signal),
  });
}

export function useInvitation(kind: InvitationKind, token: string) {
  return useQuery(invitationQueryOptions(kind, token));
}
