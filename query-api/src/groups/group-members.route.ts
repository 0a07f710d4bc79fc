import { GroupMemberView, NO_MEMBER_LIST, NotFoundError, isPersonalDepartment } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { z } from 'zod';
import { GroupIdParams, findVisibleGroup } from '../lib/group-visibility';
import { shownFirstName } from '../lib/person-names';
import { requireViewer, type QueryContext } from '../lib/viewer';

/**
 * GET /api/groups/<id>/members: the active members of a personal group, owner first. A personal
 * group is seen only by its members (anyone else gets the 404 of a group that is not there); the
 * open groups have no list (they count who took part, and nobody signed up to be listed there).
 */
export function groupMembersRoute(app: ZodRoutes, context: QueryContext): void {
  const { readModels } = context;
  app.get(
    '/api/groups/:id/members',
    {
      config: { access: 'member', readModels: ['groups', 'users', 'user_verifications', 'participation'] },
      schema: { tags: ['groups'], summary: 'Who is in my personal group', params: GroupIdParams, response: { 200: z.array(GroupMemberView) } },
    },
    async (request) => {
      const viewer = await requireViewer(request, context);
      const group = await findVisibleGroup(context, request.params.id, viewer);
      if (!isPersonalDepartment(group.department)) throw new NotFoundError(NO_MEMBER_LIST);
      const rows = await readModels
        .selectFrom('group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'm.role', 'm.is_leader', 'm.joined_at', shownFirstName('u'), 'u.last_name', 'u.profile_image_url', 'u.erased_at'])
        .where('m.group_id', '=', group.id)
        .where('m.status', '=', 'active')
        .orderBy(({ eb }) => eb.case().when('m.role', '=', 'owner').then(0).else(1).end())
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        firstName: row.first_name,
        lastName: row.erased_at ? null : row.last_name,
        profileImageUrl: row.erased_at ? null : row.profile_image_url,
        role: row.role,
        isLeader: row.is_leader,
        joinedAt: row.joined_at.toISOString(),
      }));
    },
  );
}
