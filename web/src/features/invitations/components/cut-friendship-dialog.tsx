import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCutFriendship } from '../api/cut-friendship';

interface CutFriendshipDialogProps {
  groupId: number;
  /** The friend to confirm; the dialog is closed while null. */
  friend: { friendId: string; name: string } | null;
  onClose: () => void;
}

/** Spec section 5: cutting a friendship asks first, since the friend loses the group at once. */
export function CutFriendshipDialog({ groupId, friend, onClose }: CutFriendshipDialogProps) {
  const cut = useCutFriendship();
  // The last friend asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState(friend);
  if (friend !== null && friend !== shown) setShown(friend);
  return (
    <ConfirmDialog
      open={friend !== null}
      title="Cut friendship?"
      confirmLabel="Cut friendship"
      pendingLabel="Cutting..."
      pending={cut.isPending}
      // The toasts and refreshes happen in the mutation.
      onConfirm={() => friend && cut.mutate({ groupId, friendId: friend.friendId, name: friend.name }, { onSettled: onClose })}
      onClose={onClose}
    >
      Cut your friendship with {shown?.name}? They will leave your friends group at once.
    </ConfirmDialog>
  );
}
