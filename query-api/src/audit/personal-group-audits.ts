import { PERSONAL_DEPARTMENTS } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';

/**
 * The groups whose topics the viewer may audit: every group but the personal ones (family, friends,
 * business) they are not an active member of. A personal group's topics are audited by its own
 * members, not by the platform's auditors and admins (docs/decisions.md, Auditors: personal groups):
 * to anyone outside the group they do not exist, as on the topic page. Reads `groups` (group_members).
 */
export const auditableGroupIds = (readModels: Kysely<ReadModels>, viewerId: string) =>
  readModels
    .selectFrom('groups as ag')
    .select('ag.id')
    .where((eb) =>
      eb.or([
        eb('ag.department', 'not in', PERSONAL_DEPARTMENTS),
        eb.exists(
          eb
            .selectFrom('group_members as m')
            .select('m.user_id')
            .whereRef('m.group_id', '=', 'ag.id')
            .where('m.user_id', '=', viewerId)
            .where('m.status', '=', 'active'),
        ),
      ]),
    );

export async function mayAuditGroup(readModels: Kysely<ReadModels>, viewerId: string, groupId: number): Promise<boolean> {
  return (await auditableGroupIds(readModels, viewerId).where('ag.id', '=', groupId).executeTakeFirst()) !== undefined;
}

/** Whether the viewer may audit the topic; false for a topic the read models do not know. Reads `topics` too. */
export async function mayAuditTopic(readModels: Kysely<ReadModels>, viewerId: string, topicId: string): Promise<boolean> {
  const topic = await readModels
    .selectFrom('topics')
    .select('id')
    .where('id', '=', topicId)
    .where('group_id', 'in', auditableGroupIds(readModels, viewerId))
    .executeTakeFirst();
  return topic !== undefined;
}
