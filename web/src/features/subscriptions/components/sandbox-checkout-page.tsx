import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceIcon from '@mui/icons-material/Science';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { toastCommandError } from '../../../lib/command-error-toast';
import { navigateFullPage } from '../../../lib/navigation';
import { carryPositionOverReload } from '../../../lib/read-position';
import { errorStatus, serverMessage } from '../../../lib/server-message';
import { useCompleteSandboxPayment } from '../api/complete-sandbox-payment';
import { usePayment, type Payment } from '../api/get-payment';
import { formatMinorUnits, planName, PLANS } from '../../../lib/plan-prices';
import { returnTarget, SUBSCRIBE_PATH } from './subscription-paths';

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, width: '100%', mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>{value}</Typography>
    </Stack>
  );
}

function BackToPlans({ label }: { label?: string }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Button component={RouterLink} href={SUBSCRIBE_PATH} variant="outlined">
      {label ?? t('checkout.backToPlans')}
    </Button>
  );
}

function PaymentActions({ payment }: { payment: Payment }) {
  const { t } = useTranslation('subscriptions');
  const complete = useCompleteSandboxPayment();
  // Success keeps the button locked: the page is about to leave for the return page.
  const busy = complete.isPending || complete.isSuccess;

  const pay = () =>
    complete.mutate(payment.id, {
      onSuccess: ({ returnUrl }) => {
        // The return page's first read must already see the subscription this paid for.
        carryPositionOverReload();
        navigateFullPage(returnTarget(returnUrl, payment.id));
      },
      onError: (error) => toastCommandError(error, t('checkout.errorTitle'), t('checkout.payFailed')),
    });

  if (payment.status === 'paid') {
    return (
      <>
        <Alert severity="success">{t('checkout.alreadyPaid')}</Alert>
        {/* A plain link: the return page starts from a fresh load, as after paying. */}
        <Button href={returnTarget(payment.returnUrl, payment.id)} variant="contained">
          {t('checkout.continue')}
        </Button>
      </>
    );
  }
  if (payment.status === 'failed') {
    return (
      <>
        <Alert severity="error">{t('checkout.failed')}</Alert>
        <BackToPlans label={t('checkout.tryAgain')} />
      </>
    );
  }
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <BackToPlans label={t('checkout.cancel')} />
      <Button variant="contained" onClick={pay} disabled={busy}>
        {busy ? t('checkout.paying') : t('checkout.pay')}
      </Button>
    </Stack>
  );
}

/**
 * /checkout/sandbox/<paymentId>: the sandbox provider's checkout, for local use and
 * tests (docs/product.md, Calls). It must never pass for a real payment page, hence the notice.
 */
export function SandboxCheckoutPage({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('subscriptions');
  const payment = usePayment(paymentId);

  if (payment.isPending) return <FullPageSpinner label={t('checkout.loading')} />;
  if (payment.isError) {
    // Someone else's payment answers 404 like a missing one; a malformed id, 400.
    const missing = [400, 404].includes(errorStatus(payment.error) ?? 0);
    return (
      <CheckoutFrame>
        <Typography variant="h1">{missing ? t('checkout.notFound') : t('checkout.loadFailed')}</Typography>
        {!missing && <Alert severity="error">{serverMessage(payment.error) ?? payment.error.message}</Alert>}
        <BackToPlans />
      </CheckoutFrame>
    );
  }

  const { data } = payment;
  return (
    <CheckoutFrame>
      <Alert severity="warning" icon={<ScienceIcon />}>
        {t('checkout.notice')}
      </Alert>
      <Typography variant="h1">{t('checkout.title')}</Typography>
      <Stack spacing={1}>
        <Row label={t('checkout.plan')} value={planName(PLANS[data.planId])} />
        <Row label={t('checkout.amount')} value={formatMinorUnits(data.amount, data.currency)} />
      </Stack>
      <Divider />
      {data.provider === 'sandbox' ? <PaymentActions payment={data} /> : <Alert severity="error">{t('checkout.notSandbox')}</Alert>}
    </CheckoutFrame>
  );
}
