import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { toastCommandError } from '../../../lib/command-error-toast';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast-store';
import { useConfirmVerification, useLeaderVerifications, type LeaderVerificationItem } from '../api/leader-verifications';

function PendingClaim({ item }: { item: LeaderVerificationItem }) {
  const { t } = useTranslation('verification');
  const confirm = useConfirmVerification();
  const submitted = formatDisplayDateTime(item.createdAt);
  const onConfirm = () =>
    confirm.mutate(item.id, {
      onSuccess: () => toast({ title: t('toasts.confirmedTitle'), description: t('toasts.confirmed') }),
      onError: (error) => toastCommandError(error, t('toasts.errorTitle'), t('toasts.confirmFailed')),
    });
  return (
    <Stack
      component="li"
      aria-label={item.userName ?? t('leader.aMember')}
      spacing={0.5}
      sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography sx={{ fontWeight: 600 }}>{item.userName ?? t('leader.noName')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {submitted && <Trans t={t} i18nKey="admin.submitted" values={{ date: submitted }} components={{ time: <time dateTime={item.createdAt} /> }} />}
        {item.documentImageUrl && (
          <>
            {submitted && ' · '}
            <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">
              {t('list.viewDocument')}
            </Link>
          </>
        )}
      </Typography>
      <Stack direction="row" spacing={1}>
        {item.confirmedByLeader ? (
          <Chip size="small" color="success" label={t('leader.confirmed')} />
        ) : (
          <Button size="small" variant="contained" onClick={onConfirm} disabled={confirm.isPending}>
            {confirm.isPending ? t('leader.confirming') : t('leader.confirm')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * On a National group page its leader sees the pending claims of that country and may confirm
 * them (docs/product.md, States): a leader vouches, an admin decides.
 */
export function LeaderVerificationsPanel({ countryKey }: { countryKey: string }) {
  const { t } = useTranslation('verification');
  const claims = useLeaderVerifications();
  const mine = claims.data?.filter((item) => item.countryKey === countryKey) ?? [];
  return (
    <SectionCard title={t('leader.title')}>
      {claims.isPending && (
        <Typography role="status" color="text.secondary">
          {t('admin.loading')}
        </Typography>
      )}
      {claims.isError && <Alert severity="error">{t('leader.loadFailed', { message: claims.error.message })}</Alert>}
      {claims.isSuccess && mine.length === 0 && <Typography color="text.secondary">{t('leader.none')}</Typography>}
      {mine.length > 0 && (
        <Stack component="ul" aria-label={t('admin.listLabel')} sx={{ m: 0, p: 0 }}>
          {mine.map((item) => (
            <PendingClaim key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
