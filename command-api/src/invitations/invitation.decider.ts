import {
  ConflictError,
  GoneError,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_USED,
  NotFoundError,
  type Decider,
  type InvitationCreated,
  type InvitationEvent,
  type InvitationKind,
} from '@civitas/events';

export type CreateInvitation = { type: 'createInvitation'; invitation: InvitationCreated['data'] };
export type AcceptInvitation = { type: 'acceptInvitation'; kind: InvitationKind; userId: string; now: string };
export type InvitationCommand = CreateInvitation | AcceptInvitation;

export interface InvitationState {
  invitation: InvitationCreated['data'] | null;
  acceptedBy: string | null;
}

/** `invitation-{id}`: pending until accepted once, before it expires; accepted and expired are final. */
export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  initialState: () => ({ invitation: null, acceptedBy: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'InvitationCreated':
        return { invitation: event.data, acceptedBy: null };
      case 'InvitationAccepted':
        return { ...state, acceptedBy: event.data.acceptedBy };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'createInvitation':
        if (state.invitation) throw new ConflictError('This invitation exists already.');
        return [{ type: 'InvitationCreated', data: command.invitation }];
      case 'acceptInvitation': {
        const { invitation } = state;
        // A link of another kind (a family token on the friends page) names nothing there.
        if (!invitation || invitation.kind !== command.kind) throw new NotFoundError(INVITATION_NOT_FOUND);
        if (state.acceptedBy === command.userId) return [];
        if (state.acceptedBy) throw new ConflictError(INVITATION_USED);
        if (command.now >= invitation.expiresAt) throw new GoneError(INVITATION_EXPIRED);
        return [
          {
            type: 'InvitationAccepted',
            data: { invitationId: invitation.invitationId, kind: invitation.kind, groupId: invitation.groupId, acceptedBy: command.userId },
          },
        ];
      }
    }
  },
};
