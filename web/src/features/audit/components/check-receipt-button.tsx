import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@civitas/events/audit/merkle.contract';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { checkReceipt, type ReceiptCheck } from '../api/check-receipt';

function CheckResult({ check, what }: { check: ReceiptCheck; what: ReceiptSubject }) {
  const { t } = useTranslation('audit');
  const { proof, leafMatches, rootMatches, signatureValid } = check;
  const included = leafMatches && rootMatches && signatureValid !== false;
  const signed = formatDisplayDateTime(proof.checkpoint.timestamp);
  return (
    <Stack spacing={1.5}>
      <Alert severity={included ? 'success' : 'error'}>
        {included
          ? t(what === 'ballot' ? 'receipt.includedBallot' : 'receipt.includedVote', { index: proof.leafIndex + 1, size: proof.treeSize })
          : t('receipt.notIncluded')}
      </Alert>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        <li>{leafMatches ? t('receipt.leafMatches') : t('receipt.leafDiffers')}</li>
        <li>{rootMatches ? t('receipt.rootMatches', { date: signed }) : t('receipt.rootDiffers')}</li>
        <li>
          {signatureValid === null
            ? t('receipt.noEd25519')
            : signatureValid
              ? t('receipt.signatureValid', { keyId: check.logKey.keyId })
              : t('receipt.signatureInvalid')}
        </li>
      </Stack>
    </Stack>
  );
}

function CheckContent({ receipt, what }: { receipt: Receipt; what: ReceiptSubject }) {
  const { t } = useTranslation('audit');
  const check = useQuery({ queryKey: ['audit', 'receipt', receipt.eventId], queryFn: ({ signal }) => checkReceipt(receipt, signal), gcTime: 0, retry: false });
  if (check.isPending)
    return (
      <Typography role="status" color="text.secondary">
        {t('receipt.checking')}
      </Typography>
    );
  if (check.isError) return <Alert severity="warning">{t('receipt.checkFailed', { message: check.error.message })}</Alert>;
  return <CheckResult check={check.data} what={what} />;
}

/** What the receipt is of: a vote on an opinion, or a ballot in an election. */
type ReceiptSubject = 'vote' | 'ballot';

/** 'Check my receipt': whether the signed log includes the member's last vote (or ballot) (shown only with a kept receipt). */
export function CheckReceiptButton({ receipt, what = 'vote' }: { receipt: Receipt | null; what?: ReceiptSubject }) {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!receipt) return null;
  return (
    <>
      <Button size="small" startIcon={<VerifiedIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('receipt.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('receipt.button')}</DialogTitle>
        <DialogContent>{open && <CheckContent receipt={receipt} what={what} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('receipt.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
