import type { PaymentProviderId } from '../api/payment-schemas';

/** One button per payment method the server offers; the sandbox says plainly that it is one. */
export const PROVIDER_BUTTON_LABELS: Record<PaymentProviderId, string> = {
  moyasar: 'Subscribe with card',
  sandbox: 'Subscribe (sandbox)',
};
