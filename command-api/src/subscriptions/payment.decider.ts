import { NotFoundError, type Decider, type PaymentCreated, type PaymentEvent, type PaymentSucceeded } from '@civitas/events';

export type CreatePayment = { type: 'createPayment'; payment: PaymentCreated['data'] };
export type MarkPaid = { type: 'markPaid' } & Pick<PaymentSucceeded['data'], 'providerPaymentId' | 'paidAt' | 'confirmedBy'>;
export type MarkFailed = { type: 'markFailed'; reason: string };
export type PaymentCommand = CreatePayment | MarkPaid | MarkFailed;

export interface PaymentState {
  payment: PaymentCreated['data'] | null;
  status: 'pending' | 'paid' | 'failed';
  paidAt: string | null;
}

/** `payment-{id}`: the provider's verdict is applied once; 'failed' after 'paid' changes nothing. */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: () => ({ payment: null, status: 'pending', paidAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PaymentCreated':
        return { payment: event.data, status: 'pending', paidAt: null };
      case 'PaymentSucceeded':
        return { ...state, status: 'paid', paidAt: event.data.paidAt };
      case 'PaymentFailed':
        return { ...state, status: 'failed' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'createPayment') return state.payment ? [] : [{ type: 'PaymentCreated', data: command.payment }];
    if (!state.payment) throw new NotFoundError('Payment not found');
    const { paymentId, userId } = state.payment;
    switch (command.type) {
      case 'markPaid':
        // A later successful attempt still counts after a failed one.
        return state.status === 'paid'
          ? []
          : [
              {
                type: 'PaymentSucceeded',
                data: { paymentId, userId, providerPaymentId: command.providerPaymentId, paidAt: command.paidAt, confirmedBy: command.confirmedBy },
              },
            ];
      case 'markFailed':
        return state.status === 'pending' ? [{ type: 'PaymentFailed', data: { paymentId, userId, reason: command.reason } }] : [];
    }
  },
};
