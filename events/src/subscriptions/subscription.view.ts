import type { View } from '../decider';
import type { PlanId } from './plans';
import type { SubscriptionEvent } from './subscription.events';

export type SubscriptionStatus = 'none' | 'pending' | 'active' | 'cancelled' | 'expired';

export interface SubscriptionState {
  userId: string | null;
  status: SubscriptionStatus;
  planId: PlanId | null;
  endDate: string | null;
  pendingPaymentId: string | null;
  /** Payments already turned into access: each one counts exactly once. */
  appliedPayments: string[];
}

/** Active, or cancelled with access to its end date. */
export const hasAccess = (state: SubscriptionState) => state.status === 'active' || state.status === 'cancelled';

/** Whether the subscription gives access at `now` (ISO): active, or cancelled, until its end date. */
export const hasAccessAt = (state: SubscriptionState, now: string) => hasAccess(state) && state.endDate !== null && state.endDate > now;

/**
 * The subscription part of `user-{id}`: none → pending → active → cancelled (access to the end) →
 * expired. One fold for the subscription decider and every check of access (participation,
 * business invitations).
 */
export const subscriptionView: View<SubscriptionEvent, SubscriptionState> = {
  initialState: () => ({ userId: null, status: 'none', planId: null, endDate: null, pendingPaymentId: null, appliedPayments: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SubscriptionRequested':
        return { ...state, userId: event.data.userId, pendingPaymentId: event.data.paymentId, status: hasAccess(state) ? state.status : 'pending' };
      case 'SubscriptionRequestFailed':
        return { ...state, pendingPaymentId: null, status: state.status === 'pending' ? (state.endDate ? 'expired' : 'none') : state.status };
      case 'SubscriptionActivated':
        return {
          ...state,
          userId: event.data.userId,
          status: 'active',
          planId: event.data.planId,
          endDate: event.data.endDate,
          pendingPaymentId: null,
          appliedPayments: [...state.appliedPayments, event.data.paymentId],
        };
      case 'SubscriptionRenewed':
        return {
          ...state,
          status: 'active',
          planId: event.data.planId,
          endDate: event.data.endDate,
          pendingPaymentId: null,
          appliedPayments: [...state.appliedPayments, event.data.paymentId],
        };
      case 'SubscriptionCancelled':
        return { ...state, status: 'cancelled' };
      case 'SubscriptionExpired':
        return { ...state, status: 'expired' };
      default:
        return state;
    }
  },
};
