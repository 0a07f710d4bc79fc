import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRemoveFromGroup, type RemovalKind } from '../api/remove-from-group';

/** A friend or colleague to confirm. */
export interface PersonToRemove {
  id: string;
  name: string;
}

interface RemoveFromGroupDialogProps {
  kind: RemovalKind;
  groupId: number;
  /** The person to confirm; the dialog is closed while null. */
  person: PersonToRemove | null;
  onClose: () => void;
}

const COPY = {
  // Spec section 5: the friend loses the group at once.
  friends: {
    title: 'Cut friendship?',
    confirmLabel: 'Cut friendship',
    pendingLabel: 'Cutting...',
    question: (name?: string) => <>Cut your friendship with {name}? They will leave your friends group at once.</>,
  },
  business: {
    title: 'Remove member?',
    confirmLabel: 'Remove member',
    pendingLabel: 'Removing...',
    question: (name?: string) => <>Remove {name} from your business group? They lose access to its discussions at once.</>,
  },
} satisfies Record<RemovalKind, unknown>;

/** Cutting a friend or removing a colleague asks first, since they lose the group at once. */
export function RemoveFromGroupDialog({ kind, groupId, person, onClose }: RemoveFromGroupDialogProps) {
  const remove = useRemoveFromGroup(kind);
  // The last person asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState(person);
  if (person !== null && person !== shown) setShown(person);
  const copy = COPY[kind];
  return (
    <ConfirmDialog
      open={person !== null}
      title={copy.title}
      confirmLabel={copy.confirmLabel}
      pendingLabel={copy.pendingLabel}
      pending={remove.isPending}
      // The toasts and refreshes happen in the mutation.
      onConfirm={() => person && remove.mutate({ groupId, personId: person.id, name: person.name }, { onSettled: onClose })}
      onClose={onClose}
    >
      {copy.question(shown?.name)}
    </ConfirmDialog>
  );
}
