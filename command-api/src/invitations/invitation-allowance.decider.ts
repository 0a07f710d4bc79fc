import {
  BUSINESS_NEEDS_SUBSCRIPTION,
  ForbiddenError,
  GROUP_NOT_FOUND,
  INVITATIONS_PER_DAY,
  NotFoundError,
  TOO_MANY_INVITATIONS,
  TooManyRequestsError,
  hasAccessAt,
  personalGroupsView,
  subscriptionView,
  type Decider,
  type DomainEvent,
  type InvitationKind,
  type InvitationSent,
  type PersonalGroupsAssigned,
  type PersonalGroupsState,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@civitas/events';

const DAY_MS = 86_400_000;

export type SendInvitation = { type: 'sendInvitation'; kind: InvitationKind; userId: string; invitationId: string; now: string };
export interface AllowanceState {
  groups: PersonalGroupsState;
  subscription: SubscriptionState;
  sentAt: string[];
}

/**
 * Whether the owner may send an invitation, all from their own `user-{id}` stream in one read:
 * they have personal groups, business invitations need a subscription, and at most 50 go out in
 * any 24 hours.
 */
export const invitationAllowanceDecider: Decider<SendInvitation, InvitationSent, AllowanceState> = {
  initialState: () => ({ groups: personalGroupsView.initialState(), subscription: subscriptionView.initialState(), sentAt: [] }),
  evolve: (state, event: DomainEvent) => ({
    groups: personalGroupsView.evolve(state.groups, event as PersonalGroupsAssigned),
    subscription: subscriptionView.evolve(state.subscription, event as SubscriptionEvent),
    sentAt: event.type === 'InvitationSent' ? [...state.sentAt, (event as InvitationSent).data.sentAt] : state.sentAt,
  }),
  decide: (command, state) => {
    if (!state.groups.assigned) throw new NotFoundError(GROUP_NOT_FOUND);
    if (command.kind === 'business' && !hasAccessAt(state.subscription, command.now)) throw new ForbiddenError(BUSINESS_NEEDS_SUBSCRIPTION);
    const since = new Date(Date.parse(command.now) - DAY_MS).toISOString();
    const recent = state.sentAt.filter((sentAt) => sentAt > since);
    if (recent.length >= INVITATIONS_PER_DAY) {
      // Until the oldest invitation of the last day stops counting.
      const freesAt = Date.parse(recent.reduce((oldest, sentAt) => (sentAt < oldest ? sentAt : oldest))) + DAY_MS;
      throw new TooManyRequestsError(TOO_MANY_INVITATIONS, Math.max(1, Math.ceil((freesAt - Date.parse(command.now)) / 1000)), 'invitations-per-day');
    }
    return [{ type: 'InvitationSent', data: { userId: command.userId, invitationId: command.invitationId, sentAt: command.now } }];
  },
};
