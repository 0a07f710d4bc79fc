import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ELECTION_METHOD, type ElectionMethod } from '../../../lib/election-methods';
import { ElectionMethodChoice } from '../../../components/election-method-choice';

interface StartElectionDialogProps {
  open: boolean;
  title: string;
  text: string;
  pending: boolean;
  onStart: (method: ElectionMethod) => void;
  onClose: () => void;
}

/**
 * Starting a leadership election, asked first (issue #32) as components/confirm-dialog.tsx asks, with
 * how it will be counted (issue #34): one candidate a ballot unless the member picks another method.
 */
export function StartElectionDialog({ open, title, text, pending, onStart, onClose }: StartElectionDialogProps) {
  const { t } = useTranslation(['elections', 'common']);
  const titleId = useId();
  const [method, setMethod] = useState<ElectionMethod>(DEFAULT_ELECTION_METHOD);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{text}</DialogContentText>
          <ElectionMethodChoice value={method} onChange={setMethod} disabled={pending} />
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* The safe choice has the focus: Enter on opening starts nothing. */}
        <Button onClick={onClose} disabled={pending} autoFocus>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={() => onStart(method)} color="error" variant="contained" disabled={pending}>
          {pending ? t('leadership.creating') : t('leadership.confirmStart')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
