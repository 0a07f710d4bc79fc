import { i18n } from '../../../i18n';
import type { PaymentProviderId } from '../api/payment-schemas';

/** One button per payment method the server offers; the sandbox says plainly that it is one. */
export function providerButtonLabel(provider: PaymentProviderId): string {
  return i18n.t(`subscriptions:providers.${provider}`);
}
