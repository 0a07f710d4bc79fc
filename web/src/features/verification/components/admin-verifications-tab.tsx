import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Auto } from '../../../components/bidi';
import { MaskedNationalId } from '../../../components/masked-national-id';
import { useCountryName } from '../../../lib/country-name';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { useAdminVerifications, type AdminVerificationItem } from '../api/admin-verifications';
import { ReviewVerificationDialog } from './review-verification-dialog';
import { VERIFICATION_TYPE_KEYS } from './verification-list';

interface AdminVerificationsTabProps {
  /** What the panel adds to each item (its History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

function VerificationItem({ item, actions }: { item: AdminVerificationItem; actions: ReactNode }) {
  const { t } = useTranslation('verification');
  const countryName = useCountryName();
  const country = countryName(item.country);
  const submitted = formatDisplayDateTime(item.createdAt);
  return (
    <Paper component="li" variant="outlined" aria-label={t('admin.itemLabel', { name: item.userName, country })} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.userName}
        </Typography>
        <Chip size="small" label={t('admin.pending')} color="warning" />
        <Chip size="small" variant="outlined" label={t(VERIFICATION_TYPE_KEYS[item.verificationType])} />
        {item.confirmedByLeader && <Chip size="small" color="success" variant="outlined" label={t('badges.confirmedByLeader')} />}
      </Stack>
      <Typography variant="body2">{t('admin.country', { country })}</Typography>
      {/* Masked in the list: the full id is for the review, beside the document (docs/decisions.md, Bidirectional text and masked ids). */}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Trans
          t={t}
          i18nKey="admin.nationalId"
          components={{ id: item.nationalId ? <MaskedNationalId value={item.nationalId} /> : <>{t('admin.erased')}</> }}
        />
      </Typography>
      {item.documentImageUrl && (
        <Typography variant="body2">
          <Link href={item.documentImageUrl} target="_blank" rel="noopener noreferrer">
            {t('admin.viewImage')}
          </Link>
        </Typography>
      )}
      {submitted && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Trans t={t} i18nKey="admin.submitted" values={{ date: submitted }} components={{ time: <time dateTime={item.createdAt} /> }} />
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {actions}
      </Stack>
    </Paper>
  );
}

/** The admin panel's verifications tab (docs/product.md, Screens): pending claims, oldest first, each with a Review button. */
export function AdminVerificationsTab({ renderItemActions }: AdminVerificationsTabProps) {
  const { t } = useTranslation('verification');
  const verifications = useAdminVerifications();
  const [reviewing, setReviewing] = useState<AdminVerificationItem | null>(null);

  let content: ReactNode;
  if (verifications.isPending) {
    content = (
      <Typography role="status" color="text.secondary">
        {t('admin.loading')}
      </Typography>
    );
  } else if (verifications.isError) {
    content = (
      <Alert severity="error">
        <AlertTitle>{t('admin.loadFailed')}</AlertTitle>
        <Auto>{verifications.error.message}</Auto>
      </Alert>
    );
  } else if (verifications.data.length === 0) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="p">
          {t('admin.caughtUp')}
        </Typography>
        <Typography color="text.secondary">{t('admin.none')}</Typography>
      </Box>
    );
  } else {
    content = (
      <Stack component="ul" aria-label={t('admin.listLabel')} spacing={2} sx={{ m: 0, p: 0 }}>
        {verifications.data.map((item) => (
          <VerificationItem
            key={item.id}
            item={item}
            actions={
              <>
                <Button variant="contained" size="small" onClick={() => setReviewing(item)}>
                  {t('admin.review')}
                </Button>
                {renderItemActions?.(item)}
              </>
            }
          />
        ))}
      </Stack>
    );
  }
  return (
    <>
      {content}
      <ReviewVerificationDialog item={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
