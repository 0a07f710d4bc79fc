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
import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@civitas/events/audit/merkle.contract';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { checkReceipt, type ReceiptCheck } from '../api/check-receipt';

function CheckResult({ check, what }: { check: ReceiptCheck; what: ReceiptSubject }) {
  const { proof, leafMatches, rootMatches, signatureValid } = check;
  const included = leafMatches && rootMatches && signatureValid !== false;
  const signed = formatDisplayDateTime(proof.checkpoint.timestamp);
  return (
    <Stack spacing={1.5}>
      <Alert severity={included ? 'success' : 'error'}>
        {included ? `Your ${what} is in the log: event ${proof.leafIndex + 1} of ${proof.treeSize}.` : 'This receipt does not check out against the log.'}
      </Alert>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        <li>{leafMatches ? 'The log holds your receipt\u2019s event with the same leaf hash.' : 'The log\u2019s leaf for this event differs from your receipt.'}</li>
        <li>
          {rootMatches
            ? `This browser hashed the proof from your leaf to the root of the checkpoint signed ${signed}.`
            : 'The proof does not lead to the checkpoint\u2019s root.'}
        </li>
        <li>
          {signatureValid === null
            ? 'This browser cannot check Ed25519 signatures; the server checks the checkpoint\u2019s signature.'
            : signatureValid
              ? `The checkpoint carries the log\u2019s signature (key ${check.logKey.keyId}), checked in this browser.`
              : 'The checkpoint\u2019s signature does not match the log\u2019s public key.'}
        </li>
      </Stack>
    </Stack>
  );
}

function CheckContent({ receipt, what }: { receipt: Receipt; what: ReceiptSubject }) {
  const check = useQuery({ queryKey: ['audit', 'receipt', receipt.eventId], queryFn: ({ signal }) => checkReceipt(receipt, signal), gcTime: 0, retry: false });
  if (check.isPending) return <Typography role="status" color="text.secondary">Checking your receipt...</Typography>;
  if (check.isError) return <Alert severity="warning">Could not check your receipt yet: {check.error.message}</Alert>;
  return <CheckResult check={check.data} what={what} />;
}

/** What the receipt is of: a vote on an opinion, or a ballot in an election. */
type ReceiptSubject = 'vote' | 'ballot';

/** 'Check my receipt': whether the signed log includes the member's last vote (or ballot) (shown only with a kept receipt). */
export function CheckReceiptButton({ receipt, what = 'vote' }: { receipt: Receipt | null; what?: ReceiptSubject }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!receipt) return null;
  return (
    <>
      <Button size="small" startIcon={<VerifiedIcon aria-hidden />} onClick={() => setOpen(true)}>
        Check my receipt
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Check my receipt</DialogTitle>
        <DialogContent>{open && <CheckContent receipt={receipt} what={what} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
