import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { SubscriptionSummary } from './subscription-summary';

/** The subscribe page's word to a member who already has access: what they hold, until when. */
export function CurrentSubscriptionAlert({ summary }: { summary: SubscriptionSummary }) {
  const { t } = useTranslation('subscriptions');
  const cancelled = summary.status === 'cancelled';
  return (
    <Alert
      severity={cancelled ? 'warning' : 'success'}
      action={
        <Button component={RouterLink} href="/profile?tab=subscription" color="inherit" size="small">
          {t('premium.manage')}
        </Button>
      }
    >
      <AlertTitle>{t('current.title', { plan: summary.planName ?? t('current.fallbackPlan'), status: summary.statusLabel })}</AlertTitle>
      {summary.periodEnd && t('current.periodEnd', { label: summary.periodEnd.label, date: summary.periodEnd.date })}
      {/* The server extends a cancelled subscription from its end date when paid again. */}
      {cancelled && t('current.willNotRenew')}
    </Alert>
  );
}
