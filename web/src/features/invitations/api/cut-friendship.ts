import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { toast } from '../../../lib/toast-store';
import { friendsQueryOptions } from './get-friends';
import { invitationsQueryOptions } from './get-invitations';
import { toastCommandError } from '../../../lib/command-error-toast';
import { invalidateGroupMembership } from './membership-change';

export const CutFriendshipReply = z.object({ position: z.string().nullable() });

export interface CutFriendshipInput {
  groupId: number;
  /** The friend's user id. */
  friendId: string;
  /** How the toast names the friend. */
  name: string;
}

/** Ends a friendship: the friend leaves the owner's friends group at once. */
export async function cutFriendship({ groupId, friendId }: CutFriendshipInput): Promise<z.infer<typeof CutFriendshipReply>> {
  const url = `/api/friends/${groupId}/cut/${encodeURIComponent(friendId)}`;
  const response = await apiRequest('POST', url);
  return parseResponse(response, CutFriendshipReply, `POST ${url}`);
}

/** The toasts live here, so the outcome is told even if the dialog closed meanwhile. */
export function useCutFriendship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cutFriendship,
    onSuccess: (_reply, { groupId, name }) => {
      toast({ title: 'Friendship Cut', description: `${name} is no longer in your friends group.` });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: friendsQueryOptions(groupId).queryKey }),
        // The invitation that made the friendship now reads 'cut'.
        queryClient.invalidateQueries({ queryKey: invitationsQueryOptions('friends', groupId).queryKey }),
        invalidateGroupMembership(queryClient, groupId),
      ]);
    },
    onError: (error) => toastCommandError(error, 'Failed to cut friendship. Please try again.'),
  });
}
