import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFireMember } from '../api/fire-member';

interface RemoveMemberDialogProps {
  groupId: number;
  /** The colleague to confirm; the dialog is closed while null. */
  member: { memberId: string; name: string } | null;
  onClose: () => void;
}

/** Removing a colleague asks first: they lose the group's discussions at once. */
export function RemoveMemberDialog({ groupId, member, onClose }: RemoveMemberDialogProps) {
  const fire = useFireMember();
  // The last colleague asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState(member);
  if (member !== null && member !== shown) setShown(member);
  return (
    <ConfirmDialog
      open={member !== null}
      title="Remove member?"
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      pending={fire.isPending}
      onConfirm={() => member && fire.mutate({ groupId, memberId: member.memberId, name: member.name }, { onSettled: onClose })}
      onClose={onClose}
    >
      Remove {shown?.name} from your business group? They lose access to its discussions at once.
    </ConfirmDialog>
  );
}
