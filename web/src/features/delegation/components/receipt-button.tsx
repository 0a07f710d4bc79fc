import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { displayName } from '../../../lib/user-display';
import { useReceipt, type ReceiptView } from '../api/get-receipt';

/** What each outcome means, under the server's one-line summary. */
function explanation(receipt: ReceiptView): string {
  if (receipt.outcome === 'direct') return 'You voted on this opinion yourself, so your own vote counts, whatever your delegate did.';
  if (receipt.outcome === 'delegated') {
    return `You did not vote on this opinion, so your weight went along your delegation chain and joined the ${receipt.joinedVote ?? ''} vote of the first member on it who voted.`;
  }
  switch (receipt.reason) {
    case 'cycle':
      return 'Your delegation chain leads back to itself without anyone on it voting, so your weight abstained.';
    case 'ineligible':
      return 'The chain reached a member who cannot take part in this group (or you cannot), so the weight stopped there and abstained.';
    default:
      return 'Nobody on your delegation chain voted on this opinion (or you have no delegate here), so your weight abstained.';
  }
}

function ReceiptContent({ opinionId }: { opinionId: string }) {
  const receipt = useReceipt(opinionId);
  if (receipt.isPending) return <Typography color="text.secondary">Loading your receipt...</Typography>;
  if (receipt.isError) return <Alert severity="error">Could not load your receipt: {receipt.error.message}</Alert>;
  const { summary, path } = receipt.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="p" aria-label="Summary" sx={{ overflowWrap: 'anywhere' }}>
        {summary}
      </Typography>
      {path.length > 0 && (
        <Box component="ol" aria-label="Delegation path" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {path.map((person, index) => (
            <Box component="li" key={`${person.id}-${index}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {index > 0 && <ArrowForwardIcon fontSize="small" color="action" aria-hidden />}
              <Chip label={displayName(person)} variant={index === path.length - 1 ? 'filled' : 'outlined'} />
            </Box>
          ))}
        </Box>
      )}
      <Typography color="text.secondary">{explanation(receipt.data)}</Typography>
    </Stack>
  );
}

/** Per opinion: opens the member's delegation receipt (GET /api/opinions/<id>/receipt). */
export function ReceiptButton({ opinionId }: { opinionId: string }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<ReceiptLongIcon aria-hidden />} onClick={() => setOpen(true)}>
        My vote receipt
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Vote Receipt</DialogTitle>
        <DialogContent>{open && <ReceiptContent opinionId={opinionId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
