import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import { useCancelSubscription } from '../api/cancel-subscription';

interface CancelSubscriptionDialogProps {
  open: boolean;
  onClose: () => void;
  /** The end of the period already paid for, "MMM dd, yyyy". */
  accessUntil: string | null;
}

/** Cancelling asks first: it stops renewal, while access lasts to the end of the period. */
export function CancelSubscriptionDialog({ open, onClose, accessUntil }: CancelSubscriptionDialogProps) {
  const titleId = useId();
  const cancel = useCancelSubscription();
  const until = accessUntil ? `until ${accessUntil}` : 'until the end of the period you have paid for';

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        onClose();
        toast({ title: 'Subscription cancelled', description: `You keep access ${until}.` });
      },
      onError: (error) => toastCommandError(error, 'Error', 'Failed to cancel subscription. Please try again.'),
    });

  return (
    <Dialog open={open} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Cancel your subscription?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your subscription will not renew. You keep national and international participation, business groups and
          running as a candidate {until}.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          Keep subscription
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
