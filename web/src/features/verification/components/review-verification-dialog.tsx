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
import { useTranslation } from 'react-i18next';
import { Auto } from '../../../components/bidi';
import { MaskedNationalId } from '../../../components/masked-national-id';
import { toastCommandError } from '../../../lib/command-error-toast';
import { useCountryName } from '../../../lib/country-name';
import { toast } from '../../../lib/toast-store';
import { useReviewVerification, type AdminVerificationItem } from '../api/admin-verifications';
import { VERIFICATION_TYPE_KEYS } from './verification-list';

function ReviewForm({ item, onClose }: { item: AdminVerificationItem; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const [reason, setReason] = useState('');
  // Masked until the reviewer asks, to check it against the document (docs/decisions.md, Bidirectional text and masked ids).
  const [idShown, setIdShown] = useState(false);
  const countryName = useCountryName();
  const review = useReviewVerification();

  const approve = () =>
    review.mutate(
      { id: item.id, decision: 'approve' },
      {
        onSuccess: () => {
          toast({ title: t('toasts.approvedTitle'), description: t('toasts.approved') });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('toasts.errorTitle'), t('toasts.approveFailed')),
      },
    );

  const reject = () => {
    // docs/product.md, Rules (Admin): a non-blank reason, else this toast; the server says the same.
    if (!reason.trim()) {
      toast({ title: t('toasts.reasonRequiredTitle'), description: t('toasts.reasonRequired'), variant: 'destructive' });
      return;
    }
    review.mutate(
      { id: item.id, decision: 'reject', reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('toasts.rejectedTitle'), description: t('toasts.rejected') });
          onClose();
        },
        onError: (error) => toastCommandError(error, t('toasts.errorTitle'), t('toasts.rejectFailed')),
      },
    );
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={1}>
          <Typography>
            <strong>{t('review.name')}</strong> <Auto>{item.userName}</Auto>
          </Typography>
          <Typography>
            <strong>{t('review.country')}</strong> {countryName(item.country)}
          </Typography>
          <Typography component="div" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <span>
              <strong>{t('review.nationalId')}</strong> {item.nationalId ? <MaskedNationalId value={item.nationalId} revealed={idShown} /> : t('admin.erased')}
            </span>
            {item.nationalId && (
              <Button size="small" onClick={() => setIdShown((shown) => !shown)}>
                {idShown ? t('review.hideNationalId') : t('review.showNationalId')}
              </Button>
            )}
          </Typography>
          <Typography>
            <strong>{t('review.type')}</strong> {t(VERIFICATION_TYPE_KEYS[item.verificationType])}
          </Typography>
          {item.confirmedByLeader && <Typography color="success.main">{t('review.confirmedByLeader')}</Typography>}
          {item.documentImageUrl && (
            <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">
              {t('admin.viewImage')}
            </Link>
          )}
          <TextField
            label={t('review.reason')}
            placeholder={t('review.reasonPlaceholder')}
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
          {t('review.cancel')}
        </Button>
        <Button color="error" variant="outlined" onClick={reject} disabled={review.isPending}>
          {t('review.reject')}
        </Button>
        <Button color="success" variant="contained" onClick={approve} disabled={review.isPending}>
          {t('review.approve')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Review a pending verification (docs/product.md, Screens, Admin panel): approve, or reject with a reason in a 3-row text area. */
export function ReviewVerificationDialog({ item, onClose }: { item: AdminVerificationItem | null; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const titleId = useId();
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('review.title')}</DialogTitle>
      {/* Keyed by the item: another verification starts with an empty reason. */}
      {item && <ReviewForm key={item.id} item={item} onClose={onClose} />}
    </Dialog>
  );
}
