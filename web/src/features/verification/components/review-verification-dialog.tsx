import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { useReviewVerification, type AdminVerificationItem } from '../api/admin-verifications';
import { VERIFICATION_TYPE_LABELS } from './verification-list';

function ReviewForm({ item, onClose }: { item: AdminVerificationItem; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const review = useReviewVerification();

  const approve = () => review.mutate({ id: item.id, decision: 'approve' }, {
    onSuccess: () => {
      toast({ title: 'Verification Approved', description: 'The user\u2019s nationality verification has been approved.' });
      onClose();
    },
    onError: (error) => toastCommandError(error, 'Error', 'Failed to approve verification'),
  });

  const reject = () => {
    // Spec section 5 (Admin): a non-blank reason, else this toast; the server says the same.
    if (!reason.trim()) {
      toast({ title: 'Rejection Reason Required', description: 'Please provide a reason for rejecting this verification.', variant: 'destructive' });
      return;
    }
    review.mutate({ id: item.id, decision: 'reject', reason: reason.trim() }, {
      onSuccess: () => {
        toast({ title: 'Verification Rejected', description: 'The verification has been rejected with the provided reason.' });
        onClose();
      },
      onError: (error) => toastCommandError(error, 'Error', 'Failed to reject verification'),
    });
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={1}>
          <Typography><strong>Name:</strong> {item.userName}</Typography>
          <Typography><strong>Country:</strong> {item.country}</Typography>
          <Typography><strong>National ID:</strong> {item.nationalId ?? 'Erased'}</Typography>
          <Typography><strong>Type:</strong> {VERIFICATION_TYPE_LABELS[item.verificationType]}</Typography>
          {item.confirmedByLeader && <Typography color="success.main">Confirmed by a leader of this country&apos;s National group.</Typography>}
          {item.documentImageUrl && (
            <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">
              View document image
            </Link>
          )}
          <TextField
            label="Rejection Reason"
            placeholder="Why is this verification rejected?"
            multiline
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            sx={{ mt: 1 }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={review.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="outlined" onClick={reject} disabled={review.isPending}>
          Reject
        </Button>
        <Button color="success" variant="contained" onClick={approve} disabled={review.isPending}>
          Approve
        </Button>
      </DialogActions>
    </>
  );
}

/** Review a pending verification (spec section 2, Admin panel): approve, or reject with a reason in a 3-row text area. */
export function ReviewVerificationDialog({ item, onClose }: { item: AdminVerificationItem | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Review Verification</DialogTitle>
      {/* Keyed by the item: another verification starts with an empty reason. */}
      {item && <ReviewForm key={item.id} item={item} onClose={onClose} />}
    </Dialog>
  );
}
