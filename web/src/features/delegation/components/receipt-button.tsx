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
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { i18n } from '../../../i18n';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { useReceipt, type ReceiptView } from '../api/get-receipt';
import { Auto } from '../../../components/bidi';

/** What each outcome means, under the server's one-line summary. */
function explanation(receipt: ReceiptView): string {
  if (receipt.outcome === 'direct') return i18n.t('delegation:receipt.direct');
  if (receipt.outcome === 'delegated') {
    const vote = receipt.joinedVote ? i18n.t(`delegation:receipt.voteTypes.${receipt.joinedVote}`) : '';
    return i18n.t('delegation:receipt.delegated', { vote });
  }
  switch (receipt.reason) {
    case 'cycle':
      return i18n.t('delegation:receipt.cycle');
    case 'ineligible':
      return i18n.t('delegation:receipt.ineligible');
    default:
      return i18n.t('delegation:receipt.noVote');
  }
}

function ReceiptContent({ opinionId }: { opinionId: string }) {
  const { t } = useTranslation('delegation');
  const receipt = useReceipt(opinionId);
  if (receipt.isPending) return <Typography color="text.secondary">{t('receipt.loading')}</Typography>;
  if (receipt.isError) return <Alert severity="error">{t('receipt.loadError', { message: receipt.error.message })}</Alert>;
  const { summary, path } = receipt.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="p" aria-label={t('receipt.summary')} sx={{ overflowWrap: 'anywhere' }}>
        {summary}
      </Typography>
      {path.length > 0 && (
        <Box
          component="ol"
          aria-label={t('receipt.path')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
        >
          {path.map((person, index) => (
            <Box component="li" key={`${person.id}-${index}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {index > 0 && <ArrowForwardIcon fontSize="small" color="action" aria-hidden sx={flipInRtl} />}
              <Chip label={<Auto>{personName(person)}</Auto>} variant={index === path.length - 1 ? 'filled' : 'outlined'} />
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
  const { t } = useTranslation(['delegation', 'common']);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<ReceiptLongIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('receipt.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('receipt.title')}</DialogTitle>
        <DialogContent>{open && <ReceiptContent opinionId={opinionId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
