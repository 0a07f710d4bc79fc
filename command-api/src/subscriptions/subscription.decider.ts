import { ConflictError, type Decider, type PlanId, type SubscriptionEvent } from '@civitas/events';
import { periodEnd } from './subscription-period';

export type SubscriptionStatus = 'none' | 'pending' | 'active' | 'cancelled' | 'expired';

export type RequestSubscription = { type: 'requestSubscription'; userId: string; paymentId: string; planId: PlanId };
export type ApplyPayment = { type: 'applyPayment'; userId: string; paymentId: string; planId: PlanId; paidAt: string };
export type FailRequest = { type: 'failRequest'; paymentId: string };
export type CancelSubscription = { type: 'cancelSubscription'; now: string };
export type ExpireSubscription = { type: 'expireSubscription'; now: string };
export type SubscriptionCommand = RequestSubscription | ApplyPayment | FailRequest | CancelSubscription | ExpireSubscription;

export interface SubscriptionState {
  userId: string | null;
  status: SubscriptionStatus;
  planId: PlanId | null;
  endDate: string | null;
  pendingPaymentId: string | null;
  /** Payments already turned into access: each one counts exactly once. */
  appliedPayments: string[];
}

export const ALREADY_SUBSCRIBED = 'You already have an active subscription.';
export const NOTHING_TO_CANCEL = 'You have no active subscription to cancel.';

const hasAccess = (state: SubscriptionState) => state.status === 'active' || state.status === 'cancelled';

/** Whether the subscription gives access at `now` (ISO): active, or cancelled, until its end date. */
export const hasAccessAt = (state: SubscriptionState, now: string) => hasAccess(state) && state.endDate !== null && state.endDate > now;

/** The subscription part of `user-{id}`: none → pending → active → cancelled (access to the end) → expired. */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState: () => ({ userId: null, status: 'none', planId: null, endDate: null, pendingPaymentId: null, appliedPayments: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SubscriptionRequested':
        return { ...state, userId: event.data.userId, pendingPaymentId: event.data.paymentId, status: hasAccess(state) ? state.status : 'pending' };
      case 'SubscriptionRequestFailed':
        return { ...state, pendingPaymentId: null, status: state.status === 'pending' ? (state.endDate ? 'expired' : 'none') : state.status };
      case 'SubscriptionActivated':
        return { ...state, userId: event.data.userId, status: 'active', planId: event.data.planId, endDate: event.data.endDate, pendingPaymentId: null, appliedPayments: [...state.appliedPayments, event.data.paymentId] };
      case 'SubscriptionRenewed':
        return { ...state, status: 'active', planId: event.data.planId, endDate: event.data.endDate, pendingPaymentId: null, appliedPayments: [...state.appliedPayments, event.data.paymentId] };
      case 'SubscriptionCancelled':
        return { ...state, status: 'cancelled' };
      case 'SubscriptionExpired':
        return { ...state, status: 'expired' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'requestSubscription':
        if (state.status === 'active') throw new ConflictError(ALREADY_SUBSCRIBED);
        return [{ type: 'SubscriptionRequested', data: { userId: command.userId, paymentId: command.paymentId, planId: command.planId } }];
      case 'applyPayment': {
        if (state.appliedPayments.includes(command.paymentId)) return [];
        const userId = command.userId;
        if (hasAccess(state) && state.endDate && state.endDate > command.paidAt) {
          // Paying again while access lasts extends it from its current end.
          return [{ type: 'SubscriptionRenewed', data: { userId, paymentId: command.paymentId, planId: command.planId, endDate: periodEnd(state.endDate, command.planId) } }];
        }
        return [{ type: 'SubscriptionActivated', data: { userId, paymentId: command.paymentId, planId: command.planId, startDate: command.paidAt, endDate: periodEnd(command.paidAt, command.planId) } }];
      }
      case 'failRequest':
        return state.status === 'pending' && state.pendingPaymentId === command.paymentId ? [{ type: 'SubscriptionRequestFailed', data: { userId: state.userId!, paymentId: command.paymentId } }] : [];
      case 'cancelSubscription':
        if (state.status !== 'active') throw new ConflictError(NOTHING_TO_CANCEL);
        return [{ type: 'SubscriptionCancelled', data: { userId: state.userId!, cancelledAt: command.now, accessUntil: state.endDate! } }];
      case 'expireSubscription':
        return hasAccess(state) && state.endDate && state.endDate <= command.now ? [{ type: 'SubscriptionExpired', data: { userId: state.userId!, endDate: state.endDate } }] : [];
    }
  },
};
