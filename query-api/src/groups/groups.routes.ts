import { GroupStats, GroupView, PlatformStats, UserGroupView, PERSONAL_DEPARTMENTS } from '@civitas/events';
import { groupMembersRoute } from './group-members.route';
import { groupQuorumRoute } from './group-quorum.route';
import type { ProjectionName } from '@civitas/projector/read-models';
import { compressedAnswer } from '@civitas/service-kit/answer-compression';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { sql } from 'kysely';
import { z } from 'zod';
import { GroupIdParams, findVisibleGroup, groupRows, type GroupRow } from '../lib/group-visibility';
import { requireViewer, viewerOf, type QueryContext } from '../lib/viewer';
import { memberCount, toGroupView } from './group-views';

// Personal groups first, then religion and the world, countries by name, then the Alliance: the order the dashboard shows them.
const DEPARTMENT_ORDER = ['family', 'friends', 'business', 'religion', 'international', 'national', 'alliance'];
const byDashboardOrder = (a: GroupRow, b: GroupRow) =>
  DEPARTMENT_ORDER.indexOf(a.department) - DEPARTMENT_ORDER.indexOf(b.department) ||
  (a.department === 'national' ? a.name.localeCompare(b.name, 'en') : a.id - b.id);

const GROUP_READ_MODELS: ProjectionName[] = ['groups', 'users', 'user_verifications', 'participation'];

export function groupsRoutes(app: ZodRoutes, context: QueryContext): void {
  const { readModels, auth } = context;

  app.get(
    '/api/groups',
    {
      config: { access: 'public', readModels: GROUP_READ_MODELS },
      // About 140 kB of JSON, the largest answer a dashboard waits for (docs/decisions.md, "Compressed answers").
      ...compressedAnswer,
      schema: { tags: ['groups'], summary: 'The catalogue and, signed in, my personal groups', response: { 200: z.array(GroupView) } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const personal = viewer ? [...viewer.memberships.keys()] : [];
      const rows = await groupRows(readModels)
        .where((eb) => eb.or([eb('groups.department', 'not in', PERSONAL_DEPARTMENTS), ...(personal.length ? [eb('groups.id', 'in', personal)] : [])]))
        .execute();
      return rows.sort(byDashboardOrder).map((row) => toGroupView(row, viewer));
    },
  );

  app.get(
    '/api/groups/:id',
    {
      config: { access: 'public', readModels: GROUP_READ_MODELS },
      schema: { tags: ['groups'], summary: 'One group (1: my family group)', params: GroupIdParams, response: { 200: GroupView } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      return toGroupView(await findVisibleGroup(context, request.params.id, viewer), viewer);
    },
  );

  app.get(
    '/api/user/groups',
    {
      config: { access: 'member', readModels: GROUP_READ_MODELS },
      schema: { tags: ['groups'], summary: 'My memberships', response: { 200: z.array(UserGroupView) } },
    },
    async (request) => {
      const viewer = await requireViewer(request, context);
      const rows = await groupRows(readModels)
        .innerJoin('group_members as m', 'm.group_id', 'groups.id')
        .select(['m.role', 'm.is_leader', 'm.joined_at'])
        .where('m.user_id', '=', viewer.userId)
        .where('m.status', '=', 'active')
        .execute();
      const subscribed = viewer.isSubscribed;
      return rows.sort(byDashboardOrder).map((row) => ({
        id: `${row.id}:${viewer.userId}`,
        userId: viewer.userId,
        groupId: row.id,
        isSubscribed: subscribed,
        isLeader: row.is_leader,
        role: row.role,
        joinedAt: row.joined_at.toISOString(),
        group: toGroupView(row, viewer),
      }));
    },
  );

  groupMembersRoute(app, context);
  groupQuorumRoute(app, context);

  app.get(
    '/api/groups/:id/stats',
    {
      config: { access: 'public', readModels: [...GROUP_READ_MODELS, 'topics'] },
      schema: { tags: ['groups'], summary: 'A group\u2019s numbers', params: GroupIdParams, response: { 200: GroupStats } },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const group = await findVisibleGroup(context, request.params.id, viewer);
      const counts = await readModels
        .selectFrom('topics')
        .select([
          sql<number>`count(*) filter (where status = 'active')::int`.as('active_topics'),
          sql<number>`count(*) filter (where status = 'active' and type = 'election')::int`.as('pending_elections'),
          sql<number>`count(*) filter (where status = 'closed')::int`.as('resolved_issues'),
        ])
        .where('group_id', '=', group.id)
        .executeTakeFirstOrThrow();
      return {
        activeMembers: memberCount(group),
        activeTopics: counts.active_topics,
        pendingElections: counts.pending_elections,
        resolvedIssues: counts.resolved_issues,
      };
    },
  );

  app.get(
    '/api/platform/stats',
    {
      config: { access: 'public', readModels: ['topics'] },
      schema: { tags: ['groups'], summary: 'The platform\u2019s numbers', response: { 200: PlatformStats } },
    },
    async () => {
      const counts = await readModels
        .selectFrom('topics')
        .select([
          sql<number>`count(*) filter (where type = 'dispute_resolution')::int`.as('resolved_disputes'),
          sql<number>`count(*) filter (where type = 'election')::int`.as('elections_held'),
        ])
        .where('status', '=', 'closed')
        .executeTakeFirstOrThrow();
      const laws = await readModels
        .selectFrom('laws')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('type', '=', 'law_amendment')
        .executeTakeFirstOrThrow();
      return { resolvedDisputes: counts.resolved_disputes, lawsAmended: laws.count, electionsHeld: counts.elections_held };
    },
  );
}
