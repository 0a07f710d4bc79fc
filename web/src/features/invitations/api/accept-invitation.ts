import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcceptInvitationReply } from '@civitas/events/invitations/invitation.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { errorStatus } from '../../../lib/server-message';
import { toast, type ToastInput } from '../../../lib/toast-store';
import { i18n } from '../../../i18n';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';
import { invalidateGroupMembership } from './membership-change';
import { invitationQueryKey, invitationUrl, type InvitationKind, type InvitationLookup } from './get-invitation';

export type AcceptInvitationReply = z.infer<typeof AcceptInvitationReply>;

/** What an invitation page says when accepting needs a session: the family page's words, or the friends and business pages'. */
export function signInToAccept(page: 'family' | 'group'): ToastInput {
  return page === 'family'
    ? { title: i18n.t('invitations:toasts.signInFamilyTitle'), description: i18n.t('invitations:toasts.signInFamilyDescription') }
    : {
        title: i18n.t('invitations:toasts.signInGroupTitle'),
        description: i18n.t('invitations:toasts.signInGroupDescription'),
        variant: 'destructive',
      };
}

/** The session ended while the page was open (401). */
export const isSessionLost = (error: unknown): boolean => errorStatus(error) === 401;

/** POST .../invite/<token>/accept, with no body: the session says who accepts. */
export async function acceptInvitation(kind: InvitationKind, token: string): Promise<AcceptInvitationReply> {
  const url = `${invitationUrl(kind, token)}/accept`;
  const response = await apiRequest('POST', url);
  return parseResponse(response, AcceptInvitationReply, `POST ${url}`);
}

interface AcceptInvitationOptions {
  /** After a lost session was told and the member read again (the page may have remounted by then). */
  onSessionLost?: () => void;
}

export function useAcceptInvitation(kind: InvitationKind, token: string, { onSessionLost }: AcceptInvitationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(kind, token),
    onSuccess: async ({ groupId }) => {
      await Promise.all([
        // The member now belongs to the inviter's group: it joins their groups list (GET /api/groups
        // lists the member's personal groups) and its member count changes.
        invalidateGroupMembership(queryClient, groupId),
        refreshCurrentUser(queryClient),
      ]);
      // docs/product.md, States: the page updates locally to accepted, without reading the link again.
      // Last, so the page turns together with the success toast.
      queryClient.setQueryData<InvitationLookup>(invitationQueryKey(kind, token), (lookup) =>
        lookup ? { ...lookup, status: 'accepted', acceptedByYou: true } : lookup,
      );
    },
    // Here, not with mutate: reading the member again (now signed out) remounts the page, and a
    // mutate callback would no longer be heard.
    onError: async (error) => {
      if (!isSessionLost(error)) return;
      // Not the general 401 rule (no 'Unauthorized' toast, no trip to /api/login): the page
      // turns to its signed-out state once the app knows the session ended.
      toast(signInToAccept(kind === 'family' ? 'family' : 'group'));
      await refreshCurrentUser(queryClient);
      onSessionLost?.();
    },
  });
}
