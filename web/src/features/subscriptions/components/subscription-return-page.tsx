import { useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { currentUserQueryOptions } from '../../../lib/api/get-current-user';
import { forgetReturnAfterSubscribe, returnAfterSubscribe } from '../../../lib/return-after-sign-in';
import { paymentQueryOptions } from '../api/get-payment';
import { PaymentStatus } from '../api/payment-schemas';
import { summarizeSubscription } from './subscription-summary';
import { SUBSCRIBE_PATH } from './subscription-paths';

/** While the outcome is open, the page asks again every 2 s, for at most 30 s. */
export const RETURN_POLL_INTERVAL_MS = 2000;
export const RETURN_POLL_LIMIT_MS = 30_000;

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560, width: '100%', mx: 'auto', mt: { md: 4 } }}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          {icon}
          <Typography variant="h1">{title}</Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function LinkButton({ href, children, primary = false }: { href: string; children: ReactNode; primary?: boolean }) {
  return (
    <Button component={RouterLink} href={href} variant={primary ? 'contained' : 'outlined'}>
      {children}
    </Button>
  );
}

/** Back to the page the member left for the plans from (a group, a topic), once the payment is settled. */
function BackToOrigin({ origin }: { origin: string }) {
  const { t } = useTranslation('subscriptions');
  const kind = origin.startsWith('/group/') ? 'group' : origin.startsWith('/topic/') ? 'topic' : 'page';
  return (
    <Button component={RouterLink} href={origin} onClick={forgetReturnAfterSubscribe} variant="contained">
      {t(`return.backTo.${kind}`)}
    </Button>
  );
}

function useTimeLimit(ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return over;
}

/**
 * /subscribe/return: where the member lands after paying. The server has verified the
 * payment and names its outcome (`status`); a payment still pending, or a return without
 * a status, is read again until the subscription shows on the member or time runs out.
 */
export function SubscriptionReturnPage() {
  const { t } = useTranslation('subscriptions');
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const reported = PaymentStatus.safeParse(params.get('status')).data ?? null;
  const timedOut = useTimeLimit(RETURN_POLL_LIMIT_MS);
  // Read once: kept until the member follows it.
  const [origin] = useState(returnAfterSubscribe);

  // Settled verdicts need no second look; an open one is read from the payment itself.
  const payment = useQuery({
    ...paymentQueryOptions(paymentId ?? ''),
    enabled: paymentId !== null && (reported === null || reported === 'pending'),
    refetchInterval: (query) => (!timedOut && (query.state.data?.status ?? 'pending') === 'pending' ? RETURN_POLL_INTERVAL_MS : false),
  });
  const paymentStatus = payment.data?.status ?? reported;

  const userQuery = useQuery({
    ...currentUserQueryOptions(),
    // Refresh the member, whose subscription this payment changed (docs/product.md, States).
    refetchOnMount: 'always',
    refetchInterval: (query) => {
      const user = query.state.data;
      const active = user?.isSubscribed === true && user.subscriptionStatus === 'active';
      return !timedOut && !active && paymentStatus !== 'failed' ? RETURN_POLL_INTERVAL_MS : false;
    },
  });
  const user = userQuery.data ?? null;
  const active = user?.isSubscribed === true && user.subscriptionStatus === 'active';

  if (paymentStatus === 'failed') {
    return (
      <Outcome icon={<ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden />} title={t('return.failedTitle')}>
        <Typography color="text.secondary">{t('return.failedText')}</Typography>
        <LinkButton href={SUBSCRIBE_PATH} primary>
          {t('return.tryAgain')}
        </LinkButton>
      </Outcome>
    );
  }

  if (active || paymentStatus === 'paid') {
    const summary = user && active ? summarizeSubscription(user) : null;
    return (
      <Outcome icon={<CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />} title={t('return.activeTitle')}>
        {summary ? (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>{summary.planName}</Typography>
            {summary.periodEnd && (
              <Typography color="text.secondary">{t('labelled', { label: summary.periodEnd.label, value: summary.periodEnd.date })}</Typography>
            )}
          </Stack>
        ) : timedOut ? (
          <Typography color="text.secondary">{t('return.detailsSoon')}</Typography>
        ) : (
          <CircularProgress size={24} aria-label={t('return.loadingSubscription')} />
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
          {origin && <BackToOrigin origin={origin} />}
          <LinkButton href="/" primary={!origin}>
            {t('return.goToDashboard')}
          </LinkButton>
          <LinkButton href="/profile?tab=subscription">{t('return.viewSubscription')}</LinkButton>
        </Stack>
      </Outcome>
    );
  }

  return (
    <Outcome icon={<HourglassTopIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />} title={t('return.processingTitle')}>
      {timedOut ? (
        <Typography color="text.secondary">{t('return.slow')}</Typography>
      ) : (
        <>
          <Typography color="text.secondary">{t('return.waiting')}</Typography>
          <CircularProgress size={24} aria-label={t('return.waitingLabel')} />
        </>
      )}
      <Stack direction="row" spacing={1}>
        <LinkButton href="/" primary>
          {t('return.goToDashboard')}
        </LinkButton>
        <LinkButton href="/profile?tab=subscription">{t('return.viewSubscription')}</LinkButton>
      </Stack>
    </Outcome>
  );
}
