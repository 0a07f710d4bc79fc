import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

// The texts' keys (docs/product.md, States: the friend loses the group at once).
const COPY = {
  friends: { title: 'friends.confirmTitle', confirmLabel: 'friends.cut', pendingLabel: 'friends.cutting', question: 'friends.confirmQuestion' },
  business: {
    title: 'business.confirmTitle',
    confirmLabel: 'business.remove',
    pendingLabel: 'business.removing',
    question: 'business.confirmQuestion',
  },
} as const satisfies Record<RemovalKind, unknown>;

/** Cutting a friend or removing a colleague asks first, since they lose the group at once. */
export function RemoveFromGroupDialog({ kind, groupId, person, onClose }: RemoveFromGroupDialogProps) {
  const { t } = useTranslation('invitations');
  const remove = useRemoveFromGroup(kind);
  // The last person asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState(person);
  if (person !== null && person !== shown) setShown(person);
  const copy = COPY[kind];
  return (
    <ConfirmDialog
      open={person !== null}
      title={t(copy.title)}
      confirmLabel={t(copy.confirmLabel)}
      pendingLabel={t(copy.pendingLabel)}
      pending={remove.isPending}
      // The toasts and refreshes happen in the mutation.
      onConfirm={() => person && remove.mutate({ groupId, personId: person.id, name: person.name }, { onSettled: onClose })}
      onClose={onClose}
    >
      {t(copy.question, { name: shown?.name ?? '' })}
    </ConfirmDialog>
  );
}
