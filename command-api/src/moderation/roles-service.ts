import { MEMBER_NOT_FOUND, blankToNull, existingId, userStream, type GrantRoleBody, type Role, type RoleChangeReply } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { sql, type Kysely } from 'kysely';
import type { CommandBus } from '../lib/command-bus';
import { rolesDecider } from './roles.decider';

/** Blank reasons are no reason. */

/**
 * Admins other than `userId` who may act: not banned, not erased. Counted from the `users` read
 * model's roles column, which trails the events by milliseconds; two admins removing each other
 * at the same instant could both pass. Acceptable: ADMIN_EMAILS grants admin again at the next
 * start, and a stream per role holder would make every role change contend on one stream.
 */
export async function otherActiveAdmins(readModels: Kysely<ReadModels>, userId: string): Promise<number> {
  const row = await readModels.selectFrom('users').select(sql<number>`count(*)::int`.as('count'))
    .where(sql<boolean>`roles @> array['admin']::text[]`).where('is_banned', '=', false).where('erased_at', 'is', null).where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Admins grant and revoke the `admin` and `auditor` roles (issue #13 item 5); each change is an event naming who and why. */
export class RolesService {
  constructor(
    private readonly bus: CommandBus,
    private readonly readModels: Kysely<ReadModels>,
  ) {}

  async grant(adminId: string, memberId: string, { role, reason }: GrantRoleBody): Promise<RoleChangeReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const result = await this.bus.run(userStream(userId), rolesDecider, { type: 'grantRole', role, grantedBy: adminId, reason: blankToNull(reason) }, { actorId: adminId });
    return { position: result.position, userId, roles: result.state.roles };
  }

  async revoke(adminId: string, memberId: string, role: Role, reason: string | null | undefined): Promise<RoleChangeReply> {
    const userId = existingId(memberId, MEMBER_NOT_FOUND);
    const others = role === 'admin' ? await otherActiveAdmins(this.readModels, userId) : 0;
    const result = await this.bus.run(userStream(userId), rolesDecider, {
      type: 'revokeRole', role, revokedBy: adminId, reason: blankToNull(reason), otherActiveAdmins: others,
    }, { actorId: adminId });
    return { position: result.position, userId, roles: result.state.roles };
  }
}
