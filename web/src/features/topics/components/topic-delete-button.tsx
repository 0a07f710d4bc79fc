import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteTopic } from '../api/delete-topic';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';

const DELETE_TOPIC_CONFIRMATION = 'Are you sure you want to delete this topic? This action cannot be undone.';
const DELETE_TOPIC_FAILED = 'Failed to delete topic. Please try again.';
/** Issue #17: a deletion is confirmed; it replaces any toast still about the topic ('Topic created successfully!'). */
const TOPIC_DELETED = 'Topic deleted';

/** For the topic's creator: asks first (spec section 5), then goes back to the group and says so. */
export function TopicDeleteButton({ topicId, groupId }: { topicId: string; groupId: number }) {
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
        toast({ title: TOPIC_DELETED });
        navigate(`/group/${groupId}`);
      },
      (error: unknown) => {
        close();
        toastCommandError(error, DELETE_TOPIC_FAILED);
      },
    );

  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon aria-hidden />} onClick={() => setOpen(true)}>
        Delete Topic
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete Topic"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        {DELETE_TOPIC_CONFIRMATION}
      </ConfirmDialog>
    </>
  );
}
