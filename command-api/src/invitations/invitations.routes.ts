import {
  AcceptInvitationReply,
  BusinessInviteReply,
  CommandReply,
  FamilyInviteReply,
  FriendsInviteReply,
  INVITATION_NOT_FOUND,
  InviteBody,
  NOT_A_MEMBER,
  NotFoundError,
  PERSONAL_DEPARTMENTS,
  groupIdParam,
  uuidParam,
  type InvitationCreated,
  type InvitationView,
} from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { z } from 'zod';
import { idempotencyOf } from '../lib/idempotency';
import type { InvitationsService } from './invitations-service';

// Tokens are 256-bit base64url strings; anything else names no invitation.
const TokenParams = z.object({ token: z.string() });
const tokenOf = (token: string) => {
  if (!/^[\w-]{20,100}$/.test(token)) throw new NotFoundError(INVITATION_NOT_FOUND);
  return token;
};
const MemberParams = z.object({ groupId: groupIdParam(), memberId: uuidParam(NOT_A_MEMBER) });

function viewOf(invitation: InvitationCreated['data'], email: string, link: string, createdAt: string): InvitationView {
  return {
    id: invitation.invitationId,
    kind: invitation.kind,
    email,
    groupId: invitation.groupId,
    invitedBy: invitation.invitedBy,
    status: 'pending',
    acceptedBy: null,
    acceptedAt: null,
    expiresAt: invitation.expiresAt,
    createdAt,
    invitationLink: link,
  };
}

export function invitationsRoutes(app: ZodRoutes, { invitations }: { invitations: InvitationsService }): void {
  const inviteReplies = { family: FamilyInviteReply, friends: FriendsInviteReply, business: BusinessInviteReply } as const;
  for (const kind of PERSONAL_DEPARTMENTS) {
    app.post(
      `/api/${kind}/invite`,
      {
        config: { access: 'member' },
        schema: { tags: ['invitations'], summary: `Invite someone by e-mail into my ${kind} group`, body: InviteBody, response: { 201: inviteReplies[kind] } },
      },
      async (request, reply) => {
        const userId = memberOf(request);
        // The address stays out of the digest (kept in clear in the events); the service compares it sealed.
        const idempotency = idempotencyOf(request, userId, `${kind}-invitation`, {});
        const { invitation, link, createdAt, position } = await invitations.invite(kind, userId, request.body.email, idempotency);
        const view = viewOf(invitation, request.body.email, link, createdAt);
        // Business answers inviteUrl, the others invitationLink (docs/product.md, Data).
        return reply
          .status(201)
          .send(kind === 'business' ? { position, inviteUrl: link, invitation: view } : { position, invitationLink: link, invitation: view });
      },
    );

    app.post(
      `/api/${kind}/invite/:token/accept`,
      {
        config: { access: 'member' },
        schema: { tags: ['invitations'], summary: `Accept a ${kind} invitation`, params: TokenParams, response: { 200: AcceptInvitationReply } },
      },
      async (request) => {
        const userId = memberOf(request);
        return invitations.accept(kind, tokenOf(request.params.token), userId);
      },
    );
  }

  app.post(
    '/api/friends/:groupId/cut/:memberId',
    {
      config: { access: 'member' },
      schema: { tags: ['invitations'], summary: 'Cut a friendship: the friend leaves my friends group', params: MemberParams, response: { 200: CommandReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const { position } = await invitations.removeMember('friends', userId, request.params.groupId, request.params.memberId);
      return { position };
    },
  );

  app.post(
    '/api/business/:groupId/fire/:memberId',
    {
      config: { access: 'member' },
      schema: { tags: ['invitations'], summary: 'Remove a colleague from my business group', params: MemberParams, response: { 200: CommandReply } },
    },
    async (request) => {
      const userId = memberOf(request);
      const { position } = await invitations.removeMember('business', userId, request.params.groupId, request.params.memberId);
      return { position };
    },
  );
}
