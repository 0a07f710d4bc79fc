import { randomUUID } from 'node:crypto';
import {
  DELEGATE_NOT_ELIGIBLE,
  DELEGATE_NOT_FOUND,
  DELEGATION_NOT_FOUND,
  ForbiddenError,
  GROUP_NOT_FOUND,
  NO_SELF_DELEGATION,
  NotFoundError,
  ValidationError,
  delegationStream,
  participationRefusal,
  type AssignDelegateBody,
  type DelegateSearchBody,
  type DelegateSearchReply,
  type DelegationReply,
  isPersonalDepartment,
} from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';
import type { CommandBus } from '../lib/command-bus';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';
import type { ParticipationGate } from '../lib/participation-gate';
import type { People } from '../lib/people';
import { delegationDecider, type DelegationCommand, type DelegationTarget } from './delegation.decider';
import { maskedEmail } from './masked-email';
import { containsPattern, foldedSql } from '@civitas/service-kit/name-folding';

/** How many members a search answers at most: a name narrows it, the dialog shows a short list. */
export const DELEGATE_SEARCH_LIMIT = 20;

/**
 * Delegation: one delegate per member per group on the member's own stream. Who may be named
 * (an existing member who may take part in the group) spans streams, so it is checked before
 * the decider runs, from the streams themselves (the participation gate).
 */
export class DelegationService {
  constructor(
    private readonly bus: CommandBus,
    private readonly gate: ParticipationGate,
    private readonly readModels: Kysely<ReadModels>,
    private readonly people: People,
  ) {}

  /** Names a delegate (or keeps the same one); a new delegate replaces the current one. */
  async assign(userId: string, { delegateId, groupId }: { delegateId: string; groupId: AssignDelegateBody['groupId'] }): Promise<DelegationReply> {
    if (delegateId === userId) throw new ValidationError(NO_SELF_DELEGATION);
    // Only members who may take part carry weight: the delegator too (403 with the gate's reason).
    const [{ group }, delegate] = await Promise.all([this.gate.requireParticipant(userId, groupId), this.gate.participationOf(delegateId, groupId)]);
    // An account that forfeited its address can never sign in to use the weight (docs/decisions.md, Liquid delegation).
    if (!delegate || delegate.forfeited) throw new NotFoundError(DELEGATE_NOT_FOUND);
    if (delegate.refusal) throw new ForbiddenError(DELEGATE_NOT_ELIGIBLE);
    const command: DelegationCommand = { type: 'assignDelegate', target: { groupId, delegatorId: userId }, delegateId, delegationId: randomUUID() };
    const result = await this.bus.run(delegationStream(groupId, userId), delegationDecider, command, { actorId: userId });
    const active = result.state.active!;
    const since = await this.assignedAt(groupId, userId, active.delegationId);
    return {
      position: result.position,
      delegation: {
        id: active.delegationId,
        delegatorId: userId,
        delegateId: active.delegateId,
        groupId,
        isActive: true,
        createdAt: since,
        updatedAt: since,
        delegate: await this.people.open(active.delegateId, delegate.person),
        group: { name: group.name },
      },
    };
  }

  /** Ends the member's delegation in the group (404 when there is none); a member who may no longer take part may still end it. */
  async revokeInGroup(userId: string, groupId: number): Promise<DelegationReply> {
    return this.revoke({ groupId, delegatorId: userId });
  }

  /** Ends one of the member's own delegations by its id; anyone else's is a 404 like a missing one. */
  async revokeById(userId: string, delegationId: string): Promise<DelegationReply> {
    const find = () =>
      this.readModels.selectFrom('delegations').select('group_id').where('id', '=', delegationId).where('delegator_id', '=', userId).executeTakeFirst();
    // A delegation made a moment ago may not be projected yet: the member's own writes count at once.
    const row = (await find()) ?? ((await projectionCaughtUp(this.bus.store, this.readModels, 'delegation')) ? await find() : undefined);
    if (!row) throw new NotFoundError(DELEGATION_NOT_FOUND);
    return this.revoke({ groupId: row.group_id, delegatorId: userId }, delegationId);
  }

  /**
   * Members who may take part in the group (any department: a personal group's own members only),
   * by first or last name in any case and with or without accents; the caller is never listed, and
   * each address is shown masked. A personal group is searched by its members only: to anyone else
   * it does not exist (404), as everywhere.
   */
  async search(userId: string, { username, groupId }: DelegateSearchBody): Promise<DelegateSearchReply> {
    const group = await this.readModels
      .selectFrom('delegation_groups')
      .select(['department', 'subcategory'])
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
    if (isPersonalDepartment(group.department)) {
      const member = await this.readModels
        .selectFrom('delegation_members')
        .select('user_id')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!member) throw new NotFoundError(GROUP_NOT_FOUND);
    }
    const rows = await this.readModels
      .selectFrom('users as u')
      .leftJoin('delegation_standing as s', 's.user_id', 'u.id')
      .leftJoin('delegation_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.group_id', '=', groupId))
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        sql<boolean>`coalesce(s.is_subscribed, false)`.as('is_subscribed'),
        sql<string[]>`coalesce(s.verified_country_keys, '{}')`.as('verified_country_keys'),
        sql<boolean | null>`m.is_leader`.as('is_leader'),
      ])
      .where('u.id', '<>', userId)
      // An erased member has no name to find, nor an address to show; one that forfeited its address has no way in to act on a delegation.
      .where('u.erased_at', 'is', null)
      .where('u.email', 'is not', null)
      .$narrowType<{ email: string }>()
      .where(
        sql<boolean>`${foldedSql(sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`)} like ${foldedSql(sql.val(containsPattern(username)))}`,
      )
      // The eligibility rule (events/src/groups/eligibility.ts) in SQL, so the limit counts eligible members; the rule itself decides below.
      .where((eb) => {
        switch (group.department) {
          case 'religion':
            return sql<boolean>`true`;
          case 'national':
            return group.subcategory === null
              ? sql<boolean>`false`
              : sql<boolean>`coalesce(s.verified_country_keys, '{}') @> array[${group.subcategory}]::text[]`;
          case 'international':
            return eb(sql`coalesce(s.is_subscribed, false)`, '=', true);
          case 'alliance':
            return eb(sql`coalesce(m.is_leader, false)`, '=', true);
          case 'business':
            return eb.and([eb('m.user_id', 'is not', null), eb(sql`coalesce(s.is_subscribed, false)`, '=', true)]);
          default:
            // Family and friends: the group's own members.
            return eb('m.user_id', 'is not', null);
        }
      })
      // By name as the search compares names (the same in any database collation), then by id.
      .orderBy(foldedSql(sql`coalesce(u.first_name, '')`))
      .orderBy(foldedSql(sql`coalesce(u.last_name, '')`))
      .orderBy('u.id')
      .limit(DELEGATE_SEARCH_LIMIT)
      .execute();
    const eligible = rows.filter(
      (row) =>
        participationRefusal(group, {
          isSubscribed: row.is_subscribed,
          verifiedCountryKeys: row.verified_country_keys,
          membership: row.is_leader === null ? null : { isLeader: row.is_leader },
        }) === null,
    );
    return {
      delegates: eligible.map((row) => ({
        // Never the address itself: any signed-in account may search (docs/decisions.md, Liquid delegation).
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: maskedEmail(row.email),
        // Verified: an approved verification of any country.
        isVerified: row.verified_country_keys.length > 0,
      })),
    };
  }

  private async revoke(target: DelegationTarget, delegationId?: string): Promise<DelegationReply> {
    const result = await this.bus.run(
      delegationStream(target.groupId, target.delegatorId),
      delegationDecider,
      { type: 'revokeDelegation', target, delegationId },
      { actorId: target.delegatorId },
    );
    // The member has no delegation in the group any more.
    return { position: result.position, delegation: null };
  }

  /** When the delegation was made, as its event records it (a repeated assignment answers the first time). */
  private async assignedAt(groupId: number, delegatorId: string, delegationId: string): Promise<string> {
    const { events } = await this.bus.store.readStream(delegationStream(groupId, delegatorId));
    const event = events.findLast(
      (recorded) => recorded.type === 'DelegationAssigned' && (recorded.data as { delegationId?: string }).delegationId === delegationId,
    );
    if (!event) throw new NotFoundError(DELEGATION_NOT_FOUND);
    return event.metadata.time ?? event.recordedAt.toISOString();
  }
}
