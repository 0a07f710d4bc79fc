import {
  ConflictError,
  hasAccess,
  subscriptionView,
  type Decider,
  type PlanId,
  type SubscriptionEvent,
  type SubscriptionRequested,
  type SubscriptionState,
} from '@civitas/events';
import { periodEnd } from './subscription-period';

export type RequestSubscription = { type: 'requestSubscription' } & SubscriptionRequested['data'];
export type ApplyPayment = { type: 'applyPayment'; userId: string; paymentId: string; planId: PlanId; paidAt: string };
export type FailRequest = { type: 'failRequest'; paymentId: string };
export type CancelSubscription = { type: 'cancelSubscription'; now: string };
export type ExpireSubscription = { type: 'expireSubscription'; now: string };
export type SubscriptionCommand = RequestSubscription | ApplyPayment | FailRequest | CancelSubscription | ExpireSubscription;

export const ALREADY_SUBSCRIBED = 'You already have an active subscription.';
export const NOTHING_TO_CANCEL = 'You have no active subscription to cancel.';

/** The subscription part of `user-{id}`: its fold (subscriptionView) is shared with every check of access. */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  ...subscriptionView,
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
          return [
            {
              type: 'SubscriptionRenewed',
              data: { userId, paymentId: command.paymentId, planId: command.planId, endDate: periodEnd(state.endDate, command.planId) },
            },
          ];
        }
        return [
          {
            type: 'SubscriptionActivated',
            data: {
              userId,
              paymentId: command.paymentId,
              planId: command.planId,
              startDate: command.paidAt,
              endDate: periodEnd(command.paidAt, command.planId),
            },
          },
        ];
      }
      case 'failRequest':
        return state.status === 'pending' && state.pendingPaymentId === command.paymentId
          ? [{ type: 'SubscriptionRequestFailed', data: { userId: state.userId!, paymentId: command.paymentId } }]
          : [];
      case 'cancelSubscription':
        if (state.status !== 'active') throw new ConflictError(NOTHING_TO_CANCEL);
        return [{ type: 'SubscriptionCancelled', data: { userId: state.userId!, cancelledAt: command.now, accessUntil: state.endDate! } }];
      case 'expireSubscription':
        return hasAccess(state) && state.endDate && state.endDate <= command.now
          ? [{ type: 'SubscriptionExpired', data: { userId: state.userId!, endDate: state.endDate } }]
          : [];
    }
  },
};
