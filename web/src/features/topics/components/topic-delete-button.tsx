import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteTopic } from '../api/delete-topic';
import { toastCommandError } from '../../../lib/command-error-toast';

const DELETE_TOPIC_CONFIRMATION = 'Are you sure you want to delete this topic? This action cannot be undone.';
const DELETE_TOPIC_FAILED = 'Failed to delete topic. Please try again.';

/** For the topic's creator: asks first, then goes back to the group. */
export function TopicDeleteButton({ topicId, groupId }: { topicId: string; groupId: number }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTopic();
  const [, navigate] = useLocation();

  const close = () => setOpen(false);
  const confirm = () =>
    remove.mutate(
      { topicId, groupId },
      {
        onSuccess: () => navigate(`/group/${groupId}`),
        onError: (error) => {
          close();
          toastCommandError(error, DELETE_TOPIC_FAILED);
        },
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
