import { useState } from 'react';
import { i18n } from '../../../i18n';
import { toastCommandError } from '../../../lib/command-error-toast';
import { navigateFullPage } from '../../../lib/navigation';
import { carryPositionOverReload } from '../../../lib/read-position';
import { useCreatePayment } from '../api/create-payment';
import type { PaymentProviderId } from '../api/payment-schemas';
import type { PlanId } from '../../../lib/plan-prices';
import { SUBSCRIPTION_RETURN_PATH } from './subscription-paths';

export interface PaymentChoice {
  provider: PaymentProviderId;
  planId: PlanId;
}

/**
 * Creates the payment and leaves for the provider's checkout with a full page load
 * (docs/product.md, Calls). Until the page is gone every button stays locked, so a second
 * click cannot create a second payment.
 */
export function useStartPayment() {
  const createPayment = useCreatePayment();
  const [chosen, setChosen] = useState<PaymentChoice | null>(null);

  const start = (choice: PaymentChoice) => {
    setChosen(choice);
    createPayment.mutate(
      { ...choice, returnUrl: SUBSCRIPTION_RETURN_PATH },
      {
        onSuccess: ({ paymentUrl }) => {
          // The sandbox checkout is our own page: its first read must see the payment.
          carryPositionOverReload();
          navigateFullPage(paymentUrl);
        },
        onError: (error) => {
          setChosen(null);
          toastCommandError(error, i18n.t('subscriptions:subscribe.paymentError'), i18n.t('subscriptions:subscribe.createFailed'));
        },
      },
    );
  };

  return { start, chosen, busy: createPayment.isPending || createPayment.isSuccess };
}
