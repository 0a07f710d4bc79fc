import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusinessInviteReply, FamilyInviteReply, INVITATION_VALIDITY_DAYS, InviteBody } from '@civitas/events/invitations/invitation.contract';
import type { InvitationKind } from '@civitas/events/invitations/invitation.events';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { toastCommandError } from '../../../lib/command-error-toast';
import { invitationsQueryOptions } from './get-invitations';

export { InviteBody };

/**
 * Invites `email` into the caller's own group of that kind (the server picks the group).
 * The reply is checked against its contract (business names the link inviteUrl); the lists
 * read the new invitation again.
 */
export async function invite(kind: InvitationKind, body: InviteBody): Promise<z.infer<typeof BusinessInviteReply | typeof FamilyInviteReply>> {
  const url = `/api/${kind}/invite`;
  const response = await apiRequest('POST', url, body, { headers: idempotencyHeaders() });
  return parseResponse(response, kind === 'business' ? BusinessInviteReply : FamilyInviteReply, `POST ${url}`);
}

/** docs/product.md, Messages: the dialogs' and the business card's own failure titles. */
function failureTitle(kind: InvitationKind): string {
  return kind === 'business' ? i18n.t('invitations:toasts.sendFailed') : i18n.t('invitations:toasts.createFailed');
}

/**
 * The toasts live here, not with the form: a dashboard dialog may close before the answer
 * arrives, and the member should still hear of it.
 */
export function useInvite(kind: InvitationKind, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => invite(kind, body),
    onSuccess: (_result, body) => {
      toast({
        title: i18n.t('invitations:toasts.sentTitle'),
        description: i18n.t('invitations:toasts.sentDescription', { email: body.email, count: INVITATION_VALIDITY_DAYS }),
      });
      return queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(kind, groupId).queryKey });
    },
    // The server's reason (e.g. the daily limit) is the description.
    onError: (error) => toastCommandError(error, failureTitle(kind)),
  });
}
