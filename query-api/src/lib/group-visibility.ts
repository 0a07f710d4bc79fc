import { GROUP_NOT_FOUND, MY_FAMILY_GROUP_ALIAS, NotFoundError, existingGroupId, groupIdParam, isPersonalDepartment } from '@civitas/events';
import type { ProjectionName, ReadModelRow, ReadModels } from '@civitas/projector/read-models';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { shownFirstName } from './person-names';
import type { ParticipantProfile, QueryContext } from './viewer';

// Which group a viewer may see, for every route that names a group (groups, topics).

/** What a topic's read and its visibility check read: the routes that show or check a topic wait for them. */
export const TOPIC_READ_MODELS: ProjectionName[] = ['topics', 'groups', 'users', 'user_verifications', 'participation'];

/** A group as the routes read it, with what they show it by. */
export type GroupRow = ReadModelRow<'groups'> & { participant_count: number | null; owner_first_name: string | null };

/**
 * Groups with their participant counts (open groups count who took part, membership groups their
 * members) and, for personal groups, their owner's first name to show them by.
 */
export const groupRows = (readModels: Kysely<ReadModels>) =>
  readModels
    .selectFrom('groups')
    .leftJoin('group_activity', 'group_activity.group_id', 'groups.id')
    .leftJoin('users as owner', 'owner.id', 'groups.owner_id')
    .selectAll('groups')
    .select(['group_activity.participant_count', shownFirstName('owner', 'owner_first_name')]);

/** A personal group is seen only by its members. */
const visibleTo = (row: ReadModelRow<'groups'>, viewer: ParticipantProfile | null) =>
  !isPersonalDepartment(row.department) || (viewer !== null && viewer.memberships.has(row.id));

/** `/api/groups/:id`: decimal digits from 1 to int4's largest, anything else a 404 like a missing group (docs/decisions.md, Ids and numbers). */
export const GroupIdParams = z.object({ id: groupIdParam() });

/** Group 1 is the member's own family group; a personal group of someone else does not exist for the viewer. */
export async function findVisibleGroup({ readModels }: QueryContext, groupId: number, viewer: ParticipantProfile | null): Promise<GroupRow> {
  let id = existingGroupId(groupId);
  if (id === MY_FAMILY_GROUP_ALIAS && viewer) {
    const own = await readModels.selectFrom('groups').select('id').where('owner_id', '=', viewer.userId).where('department', '=', 'family').executeTakeFirst();
    if (own) id = own.id;
  }
  const row = await groupRows(readModels).where('groups.id', '=', id).executeTakeFirst();
  if (!row || !visibleTo(row, viewer)) throw new NotFoundError(GROUP_NOT_FOUND);
  return row;
}
