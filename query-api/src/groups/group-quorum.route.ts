import { DEFAULT_QUORUM_PERCENT, GroupQuorumView, QUORUM_TOPIC_TYPES, isPersonalDepartment, quorumPercentOf, type QuorumTopicType } from '@civitas/events';
import type { ProjectionName } from '@civitas/projector/read-models';
import type { ZodRoutes } from '@civitas/service-kit/http-app';
import { GroupIdParams, findVisibleGroup } from '../lib/group-visibility';
import { viewerOf, type QueryContext } from '../lib/viewer';

/** The group read's models: the quorums are the groups projection's, so a leader's own PUT is waited for (read-your-writes). */
const QUORUM_READ_MODELS: ProjectionName[] = ['groups', 'users', 'user_verifications', 'participation'];

/**
 * GET /api/groups/<id>/quorum (issue #34 item 3; docs/decisions.md, Quorum and majority): the quorum
 * of each topic type that decides, the leaders' or the default, and whether the reader may set them
 * (the command side's rule: a leader of the group, or a personal group's owner). Seen as the group is.
 */
export function groupQuorumRoute(app: ZodRoutes, context: QueryContext): void {
  const { readModels, auth } = context;
  app.get(
    '/api/groups/:id/quorum',
    {
      config: { access: 'public', readModels: QUORUM_READ_MODELS },
      schema: {
        tags: ['groups'],
        summary: 'The share of the group\u2019s eligible weight that must take part before a topic of each type decides',
        description:
          'For law amendments, dispute resolutions and elections: the quorum the group\u2019s leaders set (a whole percentage), else the ' +
          'default (`defaults`). A change applies to topics opened after it. `canSet`: the signed-in member leads the group or owns the ' +
          'personal group. 404 when the group does not exist or is not visible (a personal group to anyone but its members).',
        params: GroupIdParams,
        response: { 200: GroupQuorumView },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, auth, readModels);
      const group = await findVisibleGroup(context, request.params.id, viewer);
      const membership = viewer?.memberships.get(group.id);
      const quorums = Object.fromEntries(QUORUM_TOPIC_TYPES.map((type) => [type, quorumPercentOf(group.quorums, type)])) as Record<QuorumTopicType, number>;
      return {
        groupId: group.id,
        quorums,
        defaults: { ...DEFAULT_QUORUM_PERCENT },
        canSet: membership !== undefined && (membership.isLeader || (isPersonalDepartment(group.department) && membership.role === 'owner')),
      };
    },
  );
}
