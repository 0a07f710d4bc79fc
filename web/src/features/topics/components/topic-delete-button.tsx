import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteTopic } from '../api/delete-topic';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';

/**
 * For the topic's creator: asks first (docs/product.md, Rules), then goes back to the group and says so
 * (issue #17: 'Topic deleted' replaces any toast still about the topic, 'Topic created successfully!').
 */
export function TopicDeleteButton({ topicId, groupId }: { topicId: string; groupId: number }) {
  const { t } = useTranslation('topics');
  const [open, setOpen] = useState(false);
  const remove = useDeleteTopic();
  const [, navigate] = useLocation();

  const close = () => setOpen(false);
  // Awaited rather than mutate's callbacks: a live notice of the deletion can unmount this button
  // (the page reads 'Topic not found') before they run, and the member must still get back.
  const confirm = () =>
    remove.mutateAsync({ topicId, groupId }).then(
      () => {
        // Together with the navigation, so the toast belongs to the group page it lands on.
        toast({ title: t('delete.deleted') });
        navigate(`/group/${groupId}`);
      },
      (error: unknown) => {
        close();
        toastCommandError(error, t('delete.failed'));
      },
    );

  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        pendingLabel={t('delete.pending')}
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        {t('delete.confirmation')}
      </ConfirmDialog>
    </>
  );
}
