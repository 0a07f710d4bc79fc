import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { toast } from '../../../lib/toast-store';
import { businessMembersQueryOptions } from './get-business-members';
import { invitationsQueryOptions } from './get-invitations';
import { toastCommandError } from '../../../lib/command-error-toast';
import { invalidateGroupMembership } from './membership-change';

export const FireMemberReply = z.object({ position: z.string().nullable() });

export interface FireMemberInput {
  groupId: number;
  /** The colleague's user id. */
  memberId: string;
  /** How the toast names the colleague. */
  name: string;
}

/** Removes a colleague from the owner's business group at once. */
export async function fireMember({ groupId, memberId }: FireMemberInput): Promise<z.infer<typeof FireMemberReply>> {
  const url = `/api/business/${groupId}/fire/${encodeURIComponent(memberId)}`;
  // Spec section 7: the body is an empty JSON object.
  const response = await apiRequest('POST', url, {});
  return parseResponse(response, FireMemberReply, `POST ${url}`);
}

/** The toasts live here, so the outcome is told even if the card went away meanwhile. */
export function useFireMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fireMember,
    onSuccess: (_reply, { groupId, name }) => {
      toast({ title: 'Member removed', description: `${name} is no longer a member of your business group.` });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: businessMembersQueryOptions(groupId).queryKey }),
        queryClient.invalidateQueries({ queryKey: invitationsQueryOptions('business', groupId).queryKey }),
        invalidateGroupMembership(queryClient, groupId),
      ]);
    },
    onError: (error) => toastCommandError(error, 'Failed to remove member'),
  });
}
