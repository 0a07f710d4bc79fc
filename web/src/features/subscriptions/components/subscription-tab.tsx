import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { formatPlanPrices } from '../../../lib/plan-prices';
import { SUBSCRIBE_PATH } from './subscription-paths';
import { summarizeSubscription, type SubscriptionSummary } from './subscription-summary';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { sm: 2 }, alignItems: 'center' }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function NoSubscription({ summary }: { summary: SubscriptionSummary }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {summary.status === 'expired' && summary.periodEnd && <Typography>{t('tab.expiredOn', { date: summary.periodEnd.date })}</Typography>}
      <Typography color="text.secondary">{t('tab.none')}</Typography>
      <Button component={RouterLink} href={SUBSCRIBE_PATH} variant="contained">
        {t('tab.viewPlans')}
      </Button>
    </Stack>
  );
}

/** The profile's Subscription tab: status, plan and next renewal (docs/product.md, Screens), and cancellation. */
export function SubscriptionTab({ user }: { user: AuthUser }) {
  const { t } = useTranslation('subscriptions');
  const [confirming, setConfirming] = useState(false);
  const summary = summarizeSubscription(user);

  if (!summary.hasAccess) return <NoSubscription summary={summary} />;

  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack component="dl" spacing={1.5} sx={{ m: 0, width: '100%' }}>
        <Detail term={t('tab.status')}>
          <Chip label={summary.statusLabel ?? t('status.unknown')} color={summary.statusColor} size="small" />
        </Detail>
        <Detail term={t('tab.plan')}>
          {summary.planName}
          {summary.plan && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {formatPlanPrices(summary.plan)}
            </Typography>
          )}
        </Detail>
        {summary.startDate && <Detail term={t('tab.started')}>{summary.startDate}</Detail>}
        {summary.periodEnd && <Detail term={summary.periodEnd.label}>{summary.periodEnd.date}</Detail>}
      </Stack>
      {summary.status === 'cancelled' && (
        <Alert
          severity="warning"
          sx={{ width: '100%' }}
          action={
            <Button component={RouterLink} href={SUBSCRIBE_PATH} color="inherit" size="small">
              {t('tab.subscribeAgain')}
            </Button>
          }
        >
          {t('tab.willNotRenew')}
          {summary.periodEnd && t('tab.keepAccessUntil', { date: summary.periodEnd.date })}
        </Alert>
      )}
      {summary.canCancel && (
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {t('tab.cancel')}
        </Button>
      )}
      {/* Mounted whatever the status: cancelling refreshes the member before the dialog
          hears of its success, and an unmounted dialog would miss it. */}
      <CancelSubscriptionDialog open={confirming} onClose={() => setConfirming(false)} accessUntil={summary.periodEnd?.date ?? null} />
    </Stack>
  );
}
