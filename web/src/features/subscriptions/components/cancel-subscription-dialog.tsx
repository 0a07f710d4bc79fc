import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('subscriptions');
  const cancel = useCancelSubscription();

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        onClose();
        toast({
          title: t('cancel.doneTitle'),
          description: accessUntil ? t('cancel.doneUntil', { date: accessUntil }) : t('cancel.donePeriod'),
        });
      },
      onError: (error) => toastCommandError(error, t('cancel.errorTitle'), t('cancel.failed')),
    });

  return (
    <Dialog open={open} onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{accessUntil ? t('cancel.textUntil', { date: accessUntil }) : t('cancel.textPeriod')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t('cancel.keep')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={cancel.isPending}>
          {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
