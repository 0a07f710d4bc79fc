import { z } from 'zod';
import { PersonalDepartment } from '../groups/group.events';
import { defineEvent, type EventOf } from '../registry';

/** One kind of invitation per personal group. */
export const InvitationKind = PersonalDepartment;
export type InvitationKind = PersonalDepartment;

/**
 * `invitation-{id}`: an owner invites someone by e-mail into their personal group. The id is
 * derived from the token's hash, so a link finds its stream without a lookup; the token itself
 * and the invitee's address are personal secrets, sealed with the invitation's own key.
 */
export const InvitationCreated = defineEvent(
  'InvitationCreated',
  z.object({
    invitationId: z.uuid(),
    kind: InvitationKind,
    groupId: z.number().int().positive(),
    invitedBy: z.uuid(),
    emailSealed: z.string(),
    tokenSealed: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);
export const InvitationAccepted = defineEvent(
  'InvitationAccepted',
  z.object({
    invitationId: z.uuid(),
    kind: InvitationKind,
    groupId: z.number().int().positive(),
    acceptedBy: z.uuid(),
  }),
);

/** `user-{id}`: an invitation the member sent, counted against their daily allowance. */
export const InvitationSent = defineEvent(
  'InvitationSent',
  z.object({
    userId: z.uuid(),
    invitationId: z.uuid(),
    sentAt: z.iso.datetime(),
  }),
);

export type InvitationCreated = EventOf<typeof InvitationCreated>;
export type InvitationAccepted = EventOf<typeof InvitationAccepted>;
export type InvitationSent = EventOf<typeof InvitationSent>;
export type InvitationEvent = InvitationCreated | InvitationAccepted;
export const invitationEvents = [InvitationCreated, InvitationAccepted, InvitationSent];
