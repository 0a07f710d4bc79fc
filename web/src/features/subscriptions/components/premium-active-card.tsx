import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { SectionCard } from '../../../components/section-card';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { summarizeSubscription } from './subscription-summary';

/** For subscribers: which plan, and when it renews or, once cancelled, runs out. */
export function PremiumActiveCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('subscriptions');
  const summary = summarizeSubscription(user);
  return (
    <SectionCard title={t('premium.title')} icon={<WorkspacePremiumIcon color="secondary" aria-hidden />} titleGap={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography>{summary.planName}</Typography>
        {summary.status === 'cancelled' && <Chip label={summary.statusLabel} color={summary.statusColor} size="small" />}
      </Stack>
      {summary.periodEnd && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('labelled', { label: summary.periodEnd.label, value: summary.periodEnd.date })}
        </Typography>
      )}
      <Button component={RouterLink} href="/profile?tab=subscription" variant="outlined" fullWidth sx={{ mt: 2 }}>
        {t('premium.manage')}
      </Button>
    </SectionCard>
  );
}
