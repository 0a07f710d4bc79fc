import { INVITATIONS_PER_DAY, TOO_MANY_INVITATIONS, TooManyRequestsError, type Decider, type InvitationSent } from '@civitas/events';

const DAY_MS = 86_400_000;

export type SendInvitation = { type: 'sendInvitation'; userId: string; invitationId: string; now: string };
export interface AllowanceState {
  sentAt: string[];
}

/** The invitations part of `user-{id}`: at most 50 in any 24 hours, counted on the member's own stream. */
export const invitationAllowanceDecider: Decider<SendInvitation, InvitationSent, AllowanceState> = {
  initialState: () => ({ sentAt: [] }),
  evolve: (state, event) => (event.type === 'InvitationSent' ? { sentAt: [...state.sentAt, event.data.sentAt] } : state),
  decide: (command, state) => {
    const since = new Date(Date.parse(command.now) - DAY_MS).toISOString();
    if (state.sentAt.filter((sentAt) => sentAt > since).length >= INVITATIONS_PER_DAY) throw new TooManyRequestsError(TOO_MANY_INVITATIONS);
    return [{ type: 'InvitationSent', data: { userId: command.userId, invitationId: command.invitationId, sentAt: command.now } }];
  },
};
