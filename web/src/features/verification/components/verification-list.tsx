import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '@civitas/events/verification/verification.contract';
import { MaskedNationalId } from '../../../components/masked-national-id';
import { useCountryName } from '../../../lib/country-name';
import { formatDisplayDate } from '../../../lib/format-date';
import type { VerificationView } from '../api/get-my-verifications';

const BADGE_COLORS: Record<VerificationStatus, 'success' | 'warning' | 'error'> = { approved: 'success', pending: 'warning', rejected: 'error' };

/** Each verification type's text key in the 'verification' namespace. */
export const VERIFICATION_TYPE_KEYS = { id_number: 'types.idNumber', document: 'types.document' } as const;

interface VerificationListProps {
  verifications: VerificationView[];
  onRemove: (verification: VerificationView) => void;
}

/** The member's claims with their Verified, Pending or Rejected badge (and the reviewer's reason). */
export function VerificationList({ verifications, onRemove }: VerificationListProps) {
  const { t } = useTranslation('verification');
  const countryName = useCountryName();
  if (verifications.length === 0) {
    return <Typography color="text.secondary">{t('list.empty')}</Typography>;
  }
  return (
    <Stack component="ul" aria-label={t('list.label')} spacing={1.5} sx={{ m: 0, p: 0 }}>
      {verifications.map((verification) => {
        const date = formatDisplayDate(verification.verifiedAt ?? verification.createdAt);
        const country = countryName(verification.country);
        return (
          <Paper key={verification.id} component="li" variant="outlined" aria-label={country} sx={{ p: 1.5, listStyle: 'none' }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{country}</Typography>
              <Chip size="small" label={t(`badges.${verification.status}`)} color={BADGE_COLORS[verification.status]} />
              {verification.confirmedByLeader && verification.status === 'pending' && (
                <Chip size="small" variant="outlined" label={t('badges.confirmedByLeader')} />
              )}
              <Button size="small" color="error" onClick={() => onRemove(verification)} sx={{ ml: 'auto' }} aria-label={t('list.removeCountry', { country })}>
                {t('list.remove')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t(VERIFICATION_TYPE_KEYS[verification.verificationType])}
              {verification.nationalId && (
                <>
                  {' · '}
                  <MaskedNationalId value={verification.nationalId} />
                </>
              )}
              {date && <> · {verification.status === 'approved' ? t('list.verifiedOn', { date }) : t('list.submittedOn', { date })}</>}
              {verification.documentImageUrl && (
                <>
                  {' · '}
                  <Link href={verification.documentImageUrl} target="_blank" rel="noopener noreferrer">
                    {t('list.viewDocument')}
                  </Link>
                </>
              )}
            </Typography>
            {verification.status === 'rejected' && verification.rejectionReason && (
              <Typography variant="body2" color="error" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t('list.rejected', { reason: verification.rejectionReason })}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
