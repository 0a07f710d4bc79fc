import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { CommandReply } from '@civitas/events/command-reply';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { toastCommandError } from '../../../lib/command-error-toast';
import { businessMembersQueryOptions } from './get-business-members';
import { friendsQueryOptions } from './get-friends';
import { invitationsQueryOptions } from './get-invitations';
import { invalidateGroupMembership } from './membership-change';

/** The personal groups whose owner removes people: friends are cut, colleagues fired. */
export type RemovalKind = 'friends' | 'business';

export interface RemoveFromGroupInput {
  groupId: number;
  /** The friend's or colleague's user id. */
  personId: string;
  /** How the toast names them. */
  name: string;
}

interface Removal {
  path: string;
  /** docs/product.md, Calls: firing sends an empty JSON object; cutting sends no body. */
  body: object | undefined;
  /** The owner's list of the people in the group. */
  listKey: (groupId: number) => QueryKey;
  succeeded: (name: string) => { title: string; description: string };
  failedTitle: () => string;
}

const REMOVALS: Record<RemovalKind, Removal> = {
  friends: {
    path: 'cut',
    body: undefined,
    listKey: (groupId) => friendsQueryOptions(groupId).queryKey,
    succeeded: (name) => ({
      title: i18n.t('invitations:toasts.friendshipCut'),
      description: i18n.t('invitations:toasts.friendshipCutDescription', { name }),
    }),
    failedTitle: () => i18n.t('invitations:toasts.cutFailed'),
  },
  business: {
    path: 'fire',
    body: {},
    listKey: (groupId) => businessMembersQueryOptions(groupId).queryKey,
    succeeded: (name) => ({
      title: i18n.t('invitations:toasts.memberRemoved'),
      description: i18n.t('invitations:toasts.memberRemovedDescription', { name }),
    }),
    failedTitle: () => i18n.t('invitations:toasts.removeFailed'),
  },
};

/** Ends a friendship or fires a colleague: they leave the owner's group at once. */
export async function removeFromGroup(kind: RemovalKind, { groupId, personId }: RemoveFromGroupInput): Promise<CommandReply> {
  const { path, body } = REMOVALS[kind];
  const url = `/api/${kind}/${groupId}/${path}/${encodeURIComponent(personId)}`;
  const response = await apiRequest('POST', url, body);
  return parseResponse(response, CommandReply, `POST ${url}`);
}

/** The toasts live here, so the outcome is told even if the dialog closed meanwhile. */
export function useRemoveFromGroup(kind: RemovalKind) {
  const queryClient = useQueryClient();
  const removal = REMOVALS[kind];
  return useMutation({
    mutationFn: (input: RemoveFromGroupInput) => removeFromGroup(kind, input),
    onSuccess: (_reply, { groupId, name }) => {
      toast(removal.succeeded(name));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: removal.listKey(groupId) }),
        // The invitation that brought them in changes status (a cut friendship's reads 'cut').
        queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(kind, groupId).queryKey }),
        invalidateGroupMembership(queryClient, groupId),
      ]);
    },
    onError: (error) => toastCommandError(error, removal.failedTitle()),
  });
}
