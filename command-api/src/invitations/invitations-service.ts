import {
  ConflictError,
  INVITATION_NOT_FOUND,
  INVITATION_VALIDITY_DAYS,
  IdempotencyKeyReusedError,
  NotFoundError,
  invitationLink,
  invitationIdFor,
  invitationStream,
  userStream,
  type InvitationCreated,
  type InvitationKind,
  type InvitationSent,
  type Position,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { randomToken } from '@civitas/service-kit/tokens';
import type { CommandBus } from '../lib/command-bus';
import { keyed, storedData, type Idempotency } from '../lib/idempotency';
import { invitationAllowanceDecider } from './invitation-allowance.decider';
import { invitationDecider } from './invitation.decider';

const DAY_MS = 86_400_000;
/** A repeat of a request that stopped between counting the invitation and creating it: its link was never kept. */
export const INVITATION_INCOMPLETE = 'This invitation was not completed: send it again with a new Idempotency-Key.';
const CREATION_WAIT_MS = 3000;
const CREATION_POLL_MS = 25;

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

  /**
   * With an Idempotency-Key, the owner's count of invitations takes the key's command id, so a
   * repeat finds the invitation the first request sent and answers its link again (sentBefore).
   */
  async invite(
    kind: InvitationKind,
    ownerId: string,
    email: string,
    idempotency?: Idempotency,
  ): Promise<{ invitation: InvitationCreated['data']; link: string; createdAt: string; position: Position | null }> {
    const token = randomToken();
    const invitationId = invitationIdFor(token);
    const now = this.bus.now();
    const sending = { type: 'sendInvitation', kind, userId: ownerId, invitationId, now: now.toISOString() } as const;
    const allowed = await this.bus.run(userStream(ownerId), invitationAllowanceDecider, sending, { actorId: ownerId, ...keyed(idempotency) });
    if (allowed.replayed)
      return this.sentBefore(
        kind,
        storedData<Pick<InvitationSent['data'], 'invitationId'>>(allowed, 'InvitationSent', sending).invitationId,
        email,
        allowed.time,
      );
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
    return { invitation, link: invitationLink(this.publicBaseUrl, kind, token), createdAt: allowed.time, position: result.position };
  }

  /**
   * The invitation an earlier request with the same Idempotency-Key sent: its link opened from the
   * vault. The address is compared there too (it is left out of the request's digest, which the
   * events keep in clear), so the key with another address is refused.
   */
  private async sentBefore(kind: InvitationKind, invitationId: string, email: string, createdAt: string) {
    const created = await this.createdEvent(invitationId);
    if (!created) throw new ConflictError(INVITATION_INCOMPLETE);
    const invitation = this.bus.registry.decode(created).data as InvitationCreated['data'];
    const [sentTo, token] = await this.vault.openEach([invitation.emailSealed, invitation.tokenSealed].map((sealed) => ({ subjectId: invitationId, sealed })));
    if (token === null || token === undefined) throw new NotFoundError(INVITATION_NOT_FOUND);
    if (sentTo !== email) throw new IdempotencyKeyReusedError();
    return { invitation, link: invitationLink(this.publicBaseUrl, kind, token), createdAt, position: created.position };
  }

  /** The invitation's creation; a repeat that raced its first request waits for it a little (the first is still writing it). */
  private async createdEvent(invitationId: string) {
    for (let waited = 0; ; waited += CREATION_POLL_MS) {
      const created = (await this.bus.store.readStream(invitationStream(invitationId))).events.find((event) => event.type === 'InvitationCreated');
      if (created || waited >= CREATION_WAIT_MS) return created;
      await new Promise((resolve) => setTimeout(resolve, CREATION_POLL_MS));
    }
  }

  /**
   * Accepting twice is harmless: the membership is added under a command id fixed by the
   * invitation, so a repeat never re-adds someone the owner has since cut or fired.
   */
  async accept(kind: InvitationKind, token: string, userId: string): Promise<{ groupId: number; position: Position | null }> {
    const invitationId = invitationIdFor(token);
    const accepted = await this.bus.run(
      invitationStream(invitationId),
      invitationDecider,
      { type: 'acceptInvitation', kind, userId, now: this.bus.now().toISOString() },
      { actorId: userId },
    );
    const { groupId } = accepted.state.invitation!;
    const joined = await this.groups.join(groupId, userId, `join-${invitationId}`);
    return { groupId, position: joined.position ?? accepted.position };
  }

  /** Cutting a friendship or firing a colleague: the owner of that kind of group only. */
  removeMember(kind: 'friends' | 'business', ownerId: string, groupId: number, memberId: string) {
    return this.groups.removeMember(groupId, memberId, kind === 'friends' ? 'cut' : 'fired', ownerId);
  }
}
