import {
  INVITATION_VALIDITY_DAYS,
  invitationLink,
  invitationIdFor,
  invitationStream,
  userStream,
  type InvitationCreated,
  type InvitationKind,
  type Position,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { randomToken } from '@civitas/service-kit/tokens';
import type { CommandBus } from '../lib/command-bus';
import { invitationAllowanceDecider } from './invitation-allowance.decider';
import { invitationDecider } from './invitation.decider';

const DAY_MS = 86_400_000;

/** What invitations ask of the groups feature (its GroupsService, wired in services.ts). */
export interface GroupMemberships {
  /** Adds the member; the same `commandId` again adds nothing. */
  join(groupId: number, userId: string, commandId: string): Promise<{ position: Position | null }>;
  removeMember(groupId: number, memberId: string, reason: 'cut' | 'fired', removedBy: string): Promise<{ position: Position | null }>;
}

/** Personal-group invitations: owners invite by e-mail link, invitees accept, owners cut friends and fire colleagues. */
export class InvitationsService {
  constructor(
    private readonly bus: CommandBus,
    private readonly vault: PersonalDataVault,
    private readonly publicBaseUrl: string,
    private readonly groups: GroupMemberships,
  ) {}

  async invite(kind: InvitationKind, ownerId: string, email: string): Promise<{ invitation: InvitationCreated['data']; link: string; createdAt: string; position: Position | null }> {
    const token = randomToken();
    const invitationId = invitationIdFor(token);
    const now = this.bus.now();
    const allowed = await this.bus.run(userStream(ownerId), invitationAllowanceDecider, { type: 'sendInvitation', kind, userId: ownerId, invitationId, now: now.toISOString() }, { actorId: ownerId });
    const assigned = allowed.state.groups.assigned!;
    // The invitation is its own subject: erasing it makes the address and the link unreadable.
    const [emailSealed, tokenSealed] = await this.vault.sealAll(invitationId, [email, token]);
    const invitation: InvitationCreated['data'] = {
      invitationId,
      kind,
      groupId: assigned[kind],
      invitedBy: ownerId,
      emailSealed,
      tokenSealed,
      expiresAt: new Date(now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MS).toISOString(),
    };
    const result = await this.bus.run(invitationStream(invitationId), invitationDecider, { type: 'createInvitation', invitation }, { actorId: ownerId });
    return { invitation, link: invitationLink(this.publicBaseUrl, kind, token), createdAt: now.toISOString(), position: result.position };
  }

  /**
   * Accepting twice is harmless: the membership is added under a command id fixed by the
   * invitation, so a repeat never re-adds someone the owner has since cut or fired.
   */
  async accept(kind: InvitationKind, token: string, userId: string): Promise<{ groupId: number; position: Position | null }> {
    const invitationId = invitationIdFor(token);
    const accepted = await this.bus.run(invitationStream(invitationId), invitationDecider, { type: 'acceptInvitation', kind, userId, now: this.bus.now().toISOString() }, { actorId: userId });
    const { groupId } = accepted.state.invitation!;
    const joined = await this.groups.join(groupId, userId, `join-${invitationId}`);
    return { groupId, position: joined.position ?? accepted.position };
  }

  /** Cutting a friendship or firing a colleague: the owner of that kind of group only. */
  removeMember(kind: 'friends' | 'business', ownerId: string, groupId: number, memberId: string) {
    return this.groups.removeMember(groupId, memberId, kind === 'friends' ? 'cut' : 'fired', ownerId);
  }
}
