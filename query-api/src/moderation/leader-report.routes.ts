import { ForbiddenError, GROUP_NOT_FOUND, LEADER_REPORTS_HIDDEN, LeaderReportView, LeaderReportsQuery, NotFoundError } from '@civitas/events';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { memberOf } from '@civitas/service-kit/route-policies';
import { rolesOf } from '@civitas/service-kit/roles';
import { z } from 'zod';
import { iso } from '../lib/iso';
import type { QueryContext } from '../lib/viewer';
import { shownFirstName } from '../lib/person-names';

/** GET /api/leader-reports?groupId=: a group's leader reports, newest first, for its leaders and for admins. */
export function leaderReportRoutes(app: ZodRoutes, { readModels }: QueryContext): void {
  app.get(
    '/api/leader-reports',
    {
      config: { access: 'member', readModels: ['leader_reports', 'groups', 'users'] },
      schema: {
        tags: ['moderation'],
        summary: 'A group\u2019s leader reports (its leaders and admins)',
        querystring: LeaderReportsQuery,
        response: { 200: z.array(LeaderReportView) },
      },
    },
    async (request): Promise<LeaderReportView[]> => {
      const userId = memberOf(request);
      const { groupId } = request.query;
      const [group, leads, roles] = await Promise.all([
        readModels.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst(),
        readModels
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .where('status', '=', 'active')
          .where('is_leader', '=', true)
          .executeTakeFirst(),
        rolesOf(readModels, userId),
      ]);
      if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
      const isAdmin = roles.includes('admin');
      if (!leads && !isAdmin) throw new ForbiddenError(LEADER_REPORTS_HIDDEN);
      let query = readModels
        .selectFrom('leader_reports as r')
        .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
        .leftJoin('users as reported', 'reported.id', 'r.reported_user_id')
        .selectAll('r')
        .select([
          shownFirstName('reporter', 'reporter_first_name'),
          'reporter.last_name as reporter_last_name',
          'reporter.profile_image_url as reporter_image',
          shownFirstName('reported', 'reported_first_name'),
          'reported.last_name as reported_last_name',
          'reported.profile_image_url as reported_image',
        ])
        .where('r.group_id', '=', groupId);
      // A report about a leader goes to the administrators, not to that leader.
      if (!isAdmin) query = query.where('r.reported_user_id', '<>', userId);
      const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.position', 'desc').execute();
      return rows.map((row) => ({
        id: row.id,
        reporterId: row.reporter_id,
        reportedUserId: row.reported_user_id,
        groupId: row.group_id,
        reason: row.reason,
        description: row.description,
        evidence: row.evidence,
        status: row.status,
        notes: row.notes,
        reviewedBy: row.reviewed_by,
        reviewerRole: row.reviewer_role,
        reviewedAt: iso(row.reviewed_at),
        createdAt: row.created_at.toISOString(),
        reporter: { firstName: row.reporter_first_name, lastName: row.reporter_last_name, profileImageUrl: row.reporter_image },
        reportedUser: { firstName: row.reported_first_name, lastName: row.reported_last_name, profileImageUrl: row.reported_image },
      }));
    },
  );
}
