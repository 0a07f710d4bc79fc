import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcceptInvitationReply } from '@civitas/events/invitations/invitation.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { refreshCurrentUser } from '../../identity/api/get-current-user';
import { groupsQueryOptions } from '../../groups/api/get-groups';
import { userGroupsQueryOptions } from '../../groups/api/get-user-groups';
import { invitationQueryKey, invitationUrl, type InvitationKind, type InvitationLookup } from './get-invitation';

export type AcceptInvitationReply = z.infer<typeof AcceptInvitationReply>;

/** POST .../invite/<token>/accept, with no body: the session says who accepts. */
export async function acceptInvitation(kind: InvitationKind, token: string): Promise<AcceptInvitationReply> {
  const url = `${invitationUrl(kind, token)}/accept`;
  const response = await apiRequest('POST', url);
  return parseResponse(response, AcceptInvitationReply, `POST ${url}`);
}

export function useAcceptInvitation(kind: InvitationKind, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(kind, token),
    onSuccess: async () => {
      // The member now belongs to the inviter's group.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
        refreshCurrentUser(queryClient),
      ]);
      // Spec section 4: the page updates locally to accepted, without reading the link again.
      // Last, so the page turns together with the success toast.
      queryClient.setQueryData<InvitationLookup>(invitationQueryKey(kind, token), (lookup) =>
        lookup ? { ...lookup, status: 'accepted', acceptedByYou: true } : lookup,
      );
    },
  });
}
