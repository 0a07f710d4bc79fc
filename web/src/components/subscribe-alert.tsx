import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import { rememberReturnAfterSubscribe } from '../lib/return-after-sign-in';

/** The plans page (the subscriptions feature's route): the way on from any "needs a subscription". */
const SUBSCRIBE_PATH = '/subscribe';

interface SubscribeAlertProps {
  title: string;
  children: ReactNode;
  /** False where the member already has what a subscription gives: the explanation stays, the button goes. */
  offerSubscription?: boolean;
}

/** Says why something needs a Civic Participation subscription, and offers Subscribe Now beside it (the payment's outcome leads back here). */
export function SubscribeAlert({ title, children, offerSubscription = true }: SubscribeAlertProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <Alert
      severity="info"
      action={
        offerSubscription ? (
          <Button component={RouterLink} href={SUBSCRIBE_PATH} onClick={() => rememberReturnAfterSubscribe(location)} color="inherit" size="small">
            {t('components.subscribeNow')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
