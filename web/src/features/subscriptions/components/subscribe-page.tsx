import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { usePaymentProviders, type PaymentProvider } from '../api/get-payment-providers';
import { CurrentSubscriptionAlert } from './current-subscription-alert';
import { PlanCard } from './plan-card';
import { PLAN_IDS, PLANS, type PlanId } from '../../../lib/plan-prices';
import { providerButtonLabel } from './provider-labels';
import { summarizeSubscription } from './subscription-summary';
import { useStartPayment } from './use-start-payment';

function ProviderButtons({ planId, providers, payment }: { planId: PlanId; providers: PaymentProvider[]; payment: ReturnType<typeof useStartPayment> }) {
  return providers.map(({ id }) => {
    const chosen = payment.chosen?.planId === planId && payment.chosen.provider === id;
    return (
      <Button
        key={id}
        variant={id === 'sandbox' ? 'outlined' : 'contained'}
        disabled={payment.busy}
        onClick={() => payment.start({ provider: id, planId })}
        startIcon={chosen ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {providerButtonLabel(id)}
      </Button>
    );
  });
}

/** /subscribe: the Civic Participation plans (docs/product.md, Screens and Constants). */
export function SubscribePage({ user }: { user: AuthUser }) {
  const { t } = useTranslation('subscriptions');
  const summary = summarizeSubscription(user);
  // An active subscription is not bought twice (the server refuses it too); a cancelled
  // one may be paid again, which extends access from its end date.
  const canBuy = !summary.hasAccess || summary.status === 'cancelled';
  const providers = usePaymentProviders({ enabled: canBuy });
  const payment = useStartPayment();

  // Why there are no buttons, when there should be some.
  let notice: ReactNode = null;
  if (canBuy && providers.isPending) notice = <CircularProgress aria-label={t('subscribe.loadingMethods')} />;
  else if (canBuy && providers.isError) {
    notice = <Alert severity="error">{t('subscribe.methodsError')}</Alert>;
  } else if (canBuy && providers.data?.length === 0) {
    notice = <Alert severity="info">{t('subscribe.noMethods')}</Alert>;
  }

  const actionsFor = (planId: PlanId): ReactNode =>
    canBuy && providers.data?.length ? <ProviderButtons planId={planId} providers={providers.data} payment={payment} /> : undefined;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Box>
        <Typography variant="h1">{t('subscribe.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('subscribe.lead')}
        </Typography>
      </Box>
      {summary.hasAccess && <CurrentSubscriptionAlert summary={summary} />}
      {notice}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {PLAN_IDS.map((planId) => (
          <PlanCard key={planId} plan={PLANS[planId]} current={summary.hasAccess && summary.plan?.id === planId} actions={actionsFor(planId)} />
        ))}
      </Box>
    </Stack>
  );
}
