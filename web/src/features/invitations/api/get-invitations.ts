import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { InvitationView } from '@civitas/events/invitations/invitation.contract';
import type { InvitationKind } from '@civitas/events/invitations/invitation.events';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { InvitationView };
export type { InvitationKind };

/** The invitations an owner sent into one of their personal groups, newest first. */
export async function fetchInvitations(kind: InvitationKind, groupId: number, signal?: AbortSignal): Promise<InvitationView[]> {
  const url = `/api/${kind}/${groupId}/invitations`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return parseResponse(response, z.array(InvitationView), `GET ${url}`);
}

export function invitationsQueryOptions(kind: InvitationKind, groupId: number) {
  return queryOptions({
    queryKey: [`/api/${kind}`, groupId, 'invitations'],
    queryFn: ({ signal }) => fetchInvitations(kind, groupId, signal),
  });
}

export function useInvitations(kind: InvitationKind, groupId: number) {
  return useQuery(invitationsQueryOptions(kind, groupId));
}
